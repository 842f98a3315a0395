import { StatusMessage } from '../../../components/status-message';
import { adminPaths } from '../../../lib/admin-paths';
import { formatIstDateTime } from '../../../lib/console-format';
import { Link } from '../../../lib/router';
import { useAttention } from '../api/get-attention';

/** The open flags and security alerts, oldest first, each order linked (docs/product.md#needs-attention). */
export function AttentionList() {
  const attention = useAttention();
  return (
    <section aria-labelledby="attention-heading">
      <h2 id="attention-heading">Needs attention</h2>
      {attention.isPending && <p role="status">Loading what needs attention…</p>}
      {attention.isError && <StatusMessage status={{ kind: 'error', text: attention.error.message }} />}
      {attention.isSuccess && attention.data.items.length === 0 && <p>Nothing needs attention.</p>}
      {attention.isSuccess && attention.data.items.length > 0 && (
        <ul className="admin-attention">
          {attention.data.items.map((item) => (
            <li key={`${item.kind}-${item.reason}-${item.orderId ?? ''}-${item.since}`}>
              <p>
                {item.orderId ? (
                  <Link to={adminPaths.order(item.orderId)}>Order {item.orderNumber}</Link>
                ) : item.kind === 'remittance' ? (
                  <Link to={adminPaths.cod}>COD remittance</Link>
                ) : (
                  <strong>Security alert</strong>
                )}
                : {item.detail}
                {/* docs/product.md#reviews: the review to reply to or hide is on the Reviews page. */}
                {item.reason === 'low_rating_review' && (
                  <>
                    {' '}
                    <Link to={adminPaths.reviews}>Open Reviews</Link>
                  </>
                )}
              </p>
              <p className="admin-muted">Since {formatIstDateTime(item.since)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
