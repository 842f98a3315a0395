import { formatDate, formatRupeesExact } from '../../../../contracts/format';
import { statusChangeText } from '../../../../contracts/order-status';
import type { AdminReturnDetail } from '../../../../contracts/returns';
import { adminPaths } from '../../../lib/admin-paths';
import { Link } from '../../../lib/router';

const rupees = (paise: number) => formatRupeesExact(paise / 100);

/** docs/product.md#returns: what the owner needs to decide: lines, reason, photos, money, parcel, timelines. */
export function ReturnFacts({ detail }: { detail: AdminReturnDetail }) {
  const item = detail.return;
  const address = item.pickupAddress;
  return (
    <>
      {detail.attention.length > 0 ? (
        <section className="admin-section" aria-labelledby="return-attention">
          <h2 id="return-attention">Needs attention</h2>
          <ul>
            {detail.attention.map((flag) => (
              <li key={flag.reason}>
                {flag.text} <span className="admin-muted">since {formatDate(flag.since)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="admin-section" aria-labelledby="return-request">
        <h2 id="return-request">Request</h2>
        <dl className="detail-list">
          <dt>Order</dt>
          <dd>
            <Link to={adminPaths.order(item.orderId)}>{item.orderNumber}</Link> ({item.paymentMethod})
          </dd>
          <dt>Shopper</dt>
          <dd>
            {detail.shopper.name} · {detail.shopper.email || detail.shopper.phone}
          </dd>
          <dt>Reason</dt>
          <dd>{item.reasonLabel}</dd>
          <dt>Note</dt>
          <dd>{item.note || '—'}</dd>
          <dt>Asked for</dt>
          <dd>{item.resolution === 'refund' ? 'A refund' : 'A replacement'}</dd>
          <dt>Paid for these units</dt>
          <dd>{rupees(item.paidPaise)}</dd>
          {item.deductionPaise > 0 ? (
            <>
              <dt>Return shipping kept</dt>
              <dd>{rupees(item.deductionPaise)}</dd>
            </>
          ) : null}
          <dt>Refund</dt>
          <dd>{item.resolution === 'refund' ? rupees(item.refundPaise) : 'None (replacement)'}</dd>
          {item.upiId ? (
            <>
              <dt>UPI ID</dt>
              <dd>{item.upiId}</dd>
            </>
          ) : null}
          <dt>Pickup from</dt>
          <dd>
            {[
              `${address.firstName} ${address.lastName}`.trim(),
              address.houseName,
              address.streetArea,
              address.city,
              address.pincode,
            ]
              .filter(Boolean)
              .join(', ')}
          </dd>
          {item.awbCode ? (
            <>
              <dt>Return parcel</dt>
              <dd>
                AWB {item.awbCode}
                {item.courierName ? `, ${item.courierName}` : ''}
                {item.parcelStatus ? `: ${item.parcelStatus}` : ''}
              </dd>
            </>
          ) : null}
          {item.quality ? (
            <>
              <dt>Quality check</dt>
              <dd>
                {item.quality === 'resellable' ? 'Resellable, back in stock' : 'Not resellable, written off'}
              </dd>
            </>
          ) : null}
          {item.replacementOrder ? (
            <>
              <dt>Replacement order</dt>
              <dd>
                <Link to={adminPaths.order(item.replacementOrder.orderId)}>
                  {item.replacementOrder.orderNumber}
                </Link>
              </dd>
            </>
          ) : null}
        </dl>
      </section>
      <section className="admin-section" aria-labelledby="return-lines">
        <h2 id="return-lines">Items</h2>
        <ul>
          {item.lines.map((line) => (
            <li key={line.lineId}>
              {line.title} (Size {line.size}) x {line.units}: {rupees(line.paidPaise)}
            </li>
          ))}
        </ul>
      </section>
      <section className="admin-section" aria-labelledby="return-photos-heading">
        <h2 id="return-photos-heading">Photos</h2>
        {item.photos.length === 0 ? <p className="admin-muted">No photos.</p> : null}
        <ul className="admin-return-photos">
          {item.photos.map((photo, index) => (
            <li key={photo.photoId}>
              <a href={photo.url} target="_blank" rel="noreferrer">
                <img
                  src={photo.thumbnailUrl}
                  alt={`The shopper's upload ${index + 1}`}
                  width={160}
                  height={160}
                />
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section className="admin-section" aria-labelledby="return-steps">
        <h2 id="return-steps">Return timeline</h2>
        <ol>
          {item.steps.map((step) => (
            <li key={`${step.status}-${step.at}`}>
              {step.label} <span className="admin-muted">{formatDate(step.at)}</span>
              {step.detail ? ` · ${step.detail}` : ''}
            </li>
          ))}
        </ol>
      </section>
      <section className="admin-section" aria-labelledby="order-timeline">
        <h2 id="order-timeline">Order timeline</h2>
        <ol>
          {detail.orderTimeline.map((change) => (
            <li key={`${change.field}-${change.to}-${change.at}`}>
              {statusChangeText('order', change.field, null, change.to)}{' '}
              <span className="admin-muted">{formatDate(change.at)}</span>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
