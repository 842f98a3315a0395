import { useState } from 'react';
import { formatDate, formatRupeesExact } from '../../../../contracts/format';
import type { Order } from '../../../../contracts/orders';
import type { ReturnView } from '../../../../contracts/returns';
import { Button } from '../../../components/button';
import { paths } from '../../../lib/paths';
import { Link } from '../../../lib/router';
import { useOrderReturns } from '../api/returns';
import { ReturnDialog } from './return-dialog';
import './returns.css';

const rupees = (paise: number) => formatRupeesExact(paise / 100);

function ReturnProgress({ item }: { item: ReturnView }) {
  const titleId = `return-${item.returnId}`;
  return (
    <li className="order-return" aria-labelledby={titleId}>
      <p id={titleId} className="order-return__title">
        Return {item.number}: <strong>{item.statusLabel}</strong>
      </p>
      <p className="order-card__meta">
        {item.lines.map((line) => `${line.title} (Size ${line.size}) x ${line.units}`).join(', ')} ·{' '}
        {item.reasonLabel} ·{' '}
        {item.resolution === 'refund' ? `Refund ${rupees(item.refundPaise)}` : 'Replacement'}
      </p>
      {item.refusalReason ? <p className="order-card__meta">Reason: {item.refusalReason}</p> : null}
      {item.photos.length > 0 ? (
        <ul className="return-form__photos" aria-label={`Your photos for return ${item.number}`}>
          {item.photos.map((photo, index) => (
            <li key={photo.photoId}>
              <a href={photo.url} target="_blank" rel="noreferrer">
                <img
                  src={photo.thumbnailUrl}
                  alt={`Upload ${index + 1} of ${item.photos.length}`}
                  width={72}
                  height={72}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {item.awbCode ? (
        <p className="order-card__meta">
          Pickup AWB {item.awbCode}
          {item.courierName ? ` with ${item.courierName}` : ''}
        </p>
      ) : null}
      {item.replacementOrder ? (
        <p className="order-card__meta">
          Replacement order{' '}
          <Link to={paths.order(item.replacementOrder.orderId)}>{item.replacementOrder.orderNumber}</Link>
        </p>
      ) : null}
      <ol className="order-return__steps" aria-label={`Progress of return ${item.number}`}>
        {item.steps.map((step) => (
          <li key={`${step.status}-${step.at}`}>
            {step.label} <span className="order-card__meta">{formatDate(step.at)}</span>
          </li>
        ))}
      </ol>
    </li>
  );
}

/**
 * docs/product.md#returns: on a delivered order, "Return or replace" (or why it is not offered) and the progress
 * of its returns; on a replacement, the order it replaces.
 */
export function OrderReturns({ order }: { order: Order }) {
  const relevant = order.status === 'delivered' || order.paymentMethod === 'Replacement';
  const returns = useOrderReturns(order.orderId, relevant);
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  if (!relevant || !returns.data) return null;
  const { offer, replacementOf } = returns.data;
  const headingId = `returns-${order.orderId}`;

  return (
    <section className="order-returns" aria-labelledby={headingId}>
      <h3 id={headingId}>Returns</h3>
      {replacementOf ? (
        <p>
          A free replacement for order{' '}
          <Link to={paths.order(replacementOf.orderId)}>{replacementOf.orderNumber}</Link>.
        </p>
      ) : null}
      {offer.offered ? (
        <Button
          variant="secondary"
          onClick={() => {
            setDone(null);
            setOpening((count) => count + 1);
            setOpen(true);
          }}
        >
          Return or replace
        </Button>
      ) : order.status === 'delivered' && !replacementOf ? (
        <p className="order-card__meta">{offer.message}</p>
      ) : null}
      {done ? (
        <p className="success-text" role="status">
          {done}
        </p>
      ) : null}
      {returns.data.returns.length > 0 ? (
        <ul className="order-returns__list">
          {returns.data.returns.map((item) => (
            <ReturnProgress key={item.returnId} item={item} />
          ))}
        </ul>
      ) : null}
      {offer.offered ? (
        <ReturnDialog
          key={opening}
          orderId={order.orderId}
          orderNumber={order.orderNumber}
          deliveryAddress={order.shippingAddress}
          offer={offer}
          open={open}
          onClose={() => setOpen(false)}
          onDone={(message) => {
            setOpen(false);
            setDone(message);
          }}
        />
      ) : null}
    </section>
  );
}
