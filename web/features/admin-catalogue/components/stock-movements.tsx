import type { StockMovement } from '../../../../contracts/admin-catalogue';
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
        <div className="admin-table-wrap">
          <table className="admin-table">
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
                  <td>{formatIstDateTime(movement.at)}</td>
                  <td>{movement.delta > 0 ? `+${movement.delta}` : movement.delta}</td>
                  <td>{stockReasonLabel(movement.reason)}</td>
                  <td>
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
        </div>
      )}
    </section>
  );
}
