import { Button } from '../../../components/button';
import { StatusMessage } from '../../../components/status-message';
import { adminPaths } from '../../../lib/admin-paths';
import { formatIstDateTime, formatPaise, formatPhone } from '../../../lib/console-format';
import { Link } from '../../../lib/router';
import { useAdminCustomers } from '../api/get-admin-customers';

/** The shoppers found, newest first, as cards; "Load more" pages on. */
export function CustomersList({ q }: { q: string }) {
  const list = useAdminCustomers(q);
  const customers = list.data?.pages.flatMap((page) => page.customers) ?? [];
  return (
    <>
      {list.isPending && <p role="status">Loading customers…</p>}
      {list.isError && <StatusMessage status={{ kind: 'error', text: list.error.message }} />}
      {list.isSuccess && customers.length === 0 && <p>No customers match.</p>}
      {customers.length > 0 && (
        <ul className="admin-order-cards" aria-label="Customers">
          {customers.map((customer) => (
            <li key={customer.id} className="admin-order-card">
              <h2 className="admin-order-card__title">
                <Link to={adminPaths.customer(customer.id)}>{customer.name || 'No name given'}</Link>
                {customer.blocked && <span className="admin-muted"> (blocked)</span>}
              </h2>
              <dl className="admin-details">
                <dt>E-mail</dt>
                <dd>{customer.email ?? 'None'}</dd>
                <dt>Phone</dt>
                <dd>{formatPhone(customer.phone)}</dd>
                <dt>Joined</dt>
                <dd>{formatIstDateTime(customer.joinedAt)}</dd>
                <dt>Orders</dt>
                <dd>{customer.ordersCount}</dd>
                <dt>Paid</dt>
                <dd>{formatPaise(customer.paidTotalPaise)}</dd>
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
