import type { CouponOrder } from '../../../../contracts/coupons';
import { ScrollingRegion } from '../../../components/scrolling-region';
import { adminPaths } from '../../../lib/admin-paths';
import { formatIstDateTime, formatPaise, humanise } from '../../../lib/console-format';
import { Link } from '../../../lib/router';

/** The paid orders that used a code, newest first, each linking to its console page. */
export function CouponOrders({ orders }: { orders: readonly CouponOrder[] }) {
  return (
    <section className="admin-section" aria-labelledby="coupon-orders">
      <h2 id="coupon-orders">Orders that used it</h2>
      {orders.length === 0 ? (
        <p>No paid order has used this code yet.</p>
      ) : (
        <ScrollingRegion label="Orders that used it, table" className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Shopper</th>
                <th scope="col">Status</th>
                <th scope="col">Discount</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td data-label="Order">
                    <Link to={adminPaths.order(order.id)}>{order.number}</Link>
                  </td>
                  <td data-label="Placed">{formatIstDateTime(order.createdAt)}</td>
                  <td data-label="Shopper">{order.customerName}</td>
                  <td data-label="Status">{humanise(order.status)}</td>
                  <td data-label="Discount">{formatPaise(order.couponDiscountPaise)}</td>
                  <td data-label="Total">{formatPaise(order.totalPaise)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingRegion>
      )}
    </section>
  );
}
