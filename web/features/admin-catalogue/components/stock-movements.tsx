import type { StockMovement } from '../../../../contracts/admin-catalogue';
import { ScrollingRegion } from '../../../components/scrolling-region';
import { adminPaths } from '../../../lib/admin-paths';
import { formatIstDateTime } from '../../../lib/console-format';
import { Link } from '../../../lib/router';
import { stockReasonLabel } from '../format';

export function StockMovements({ movements }: { movements: StockMovement[] }) {
  return (
    <section className="admin-section" aria-labelledby="movements-heading">
      <h2 id="movements-heading">Recent stock movements</h2>
      {movements.length === 0 ? (
        <p>No movements yet.</p>
      ) : (
        <ScrollingRegion className="admin-table-wrap" label="Stock movements, scrolls sideways">
          <table className="admin-table">
            <caption className="visually-hidden">Recent stock movements, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Change</th>
                <th scope="col">Why</th>
                <th scope="col">Order or staff</th>
              </tr>
            </thead>
            <tbody>
              {movements.map((movement) => (
                <tr key={`${movement.at}-${movement.delta}-${movement.orderId ?? movement.staffName}`}>
                  <td data-label="When">{formatIstDateTime(movement.at)}</td>
                  <td data-label="Change">{movement.delta > 0 ? `+${movement.delta}` : movement.delta}</td>
                  <td data-label="Why">{stockReasonLabel(movement.reason)}</td>
                  <td data-label="Order or staff">
                    {movement.orderId && movement.orderNumber ? (
                      <Link to={adminPaths.order(movement.orderId)}>{movement.orderNumber}</Link>
                    ) : (
                      (movement.staffName ?? '')
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingRegion>
      )}
    </section>
  );
}
