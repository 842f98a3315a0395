import { Button } from '../../../components/button';
import { StatusMessage } from '../../../components/status-message';
import { adminPaths } from '../../../lib/admin-paths';
import { formatIstDateTime, formatPaise, humanise, shopperContactLine } from '../../../lib/console-format';
import { Link } from '../../../lib/router';
import { useAdminOrders } from '../api/get-admin-orders';
import type { OrderFilters } from '../order-filters';

/** The orders found, newest first, as cards that line up as a table on a wide screen; "Load more" pages on. */
export function OrdersList({ filters }: { filters: OrderFilters }) {
  const list = useAdminOrders(filters);
  const orders = list.data?.pages.flatMap((page) => page.orders) ?? [];
  return (
    <>
      {list.isPending && <p role="status">Loading orders…</p>}
      {list.isError && <StatusMessage status={{ kind: 'error', text: list.error.message }} />}
      {list.isSuccess && orders.length === 0 && <p>No orders match.</p>}
      {orders.length > 0 && (
        <ul className="admin-order-cards" aria-label="Orders">
          {orders.map((order) => (
            <li key={order.orderId} className="admin-order-card">
              <h2 className="admin-order-card__title">
                <Link to={adminPaths.order(order.orderId)}>Order {order.orderNumber}</Link>
              </h2>
              <dl className="admin-details">
                <dt>Placed</dt>
                <dd>{formatIstDateTime(order.createdAt)}</dd>
                <dt>Shopper</dt>
                <dd>
                  {shopperContactLine({ name: order.shopperName, phone: order.phone, email: order.email })}
                </dd>
                <dt>Total</dt>
                <dd>{formatPaise(order.totalPaise)}</dd>
                <dt>Status</dt>
                <dd>{humanise(order.status)}</dd>
                <dt>Payment</dt>
                <dd>{humanise(order.paymentStatus)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button variant="secondary" disabled={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
          {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </>
  );
}
