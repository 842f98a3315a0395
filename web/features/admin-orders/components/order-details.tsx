import type { AdminOrderDetail } from '../../../../contracts/admin-orders';
import { attentionReasonText } from '../../../../contracts/order-status';
import { ScrollingRegion } from '../../../components/scrolling-region';
import { adminPaths } from '../../../lib/admin-paths';
import { formatIstDateTime, formatPaise, formatPhone, humanise } from '../../../lib/console-format';
import { Link } from '../../../lib/router';

type Detail = AdminOrderDetail;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="admin-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function OrderFlags({ attention }: { attention: Detail['attention'] }) {
  if (attention.length === 0) return null;
  return (
    <Section id="order-flags" title="Open flags">
      <ul>
        {attention.map((flag) => (
          <li key={flag.reason}>
            {attentionReasonText[flag.reason]}{' '}
            <span className="admin-muted">Since {formatIstDateTime(flag.createdAt)}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The invoice's GST, by kind, as its PDF prints it; before the invoice there is none to show. */
function invoiceTaxText(tax: Detail['invoiceTax']): string {
  if (!tax) return 'Not invoiced yet';
  const parts =
    tax.igstPaise > 0
      ? [`IGST ${formatPaise(tax.igstPaise)}`]
      : [`CGST ${formatPaise(tax.cgstPaise)}`, `SGST ${formatPaise(tax.sgstPaise)}`];
  return `${parts.join(' + ')} (included in the prices)`;
}

/** docs/product.md#cash-on-delivery: whether and how the shopper confirmed, or until when they may. */
function codConfirmationText(order: Detail['order']): string {
  if (order.codConfirmedAt) return `Confirmed ${formatIstDateTime(order.codConfirmedAt)}`;
  if (order.status === 'pending' && order.codConfirmBy) {
    return `Awaiting confirmation until ${formatIstDateTime(order.codConfirmBy)}`;
  }
  return 'Never confirmed';
}

/** docs/product.md#part-paid-cod: the advance the order asks, and where it stands. */
const codAdvanceWords = {
  due: 'due: paying it confirms the order',
  paid: 'paid online',
  refunded: 'paid online, refunded',
} as const;

export function OrderItemsAndAmounts({
  order,
  invoiceTax,
  refundablePaise,
}: {
  order: Detail['order'];
  invoiceTax: Detail['invoiceTax'];
  refundablePaise: number;
}) {
  return (
    <Section id="order-items" title="Items and amounts">
      <ul>
        {order.items.map((item) => (
          <li key={`${item.productId}-${item.size}`}>
            {item.quantity} × {item.title} ({item.size}, {item.sku})
          </li>
        ))}
      </ul>
      <dl className="admin-details">
        <dt>MRP</dt>
        <dd>{formatPaise(order.mrpPaise)}</dd>
        <dt>Subtotal</dt>
        <dd>{formatPaise(order.subtotalPaise)}</dd>
        <dt>Discount</dt>
        <dd>{formatPaise(order.discountPaise)}</dd>
        {order.couponCode !== null && (
          <>
            <dt>Coupon discount ({order.couponCode})</dt>
            <dd>
              {order.couponFreeShipping ? 'Free shipping' : `−${formatPaise(order.couponDiscountPaise)}`}
            </dd>
          </>
        )}
        {order.prepaidDiscountPaise > 0 && (
          <>
            <dt>Prepaid offer</dt>
            <dd>−{formatPaise(order.prepaidDiscountPaise)}</dd>
          </>
        )}
        <dt>Shipping</dt>
        <dd>{formatPaise(order.shippingPaise)}</dd>
        {order.paymentMethod === 'COD' && (
          <>
            <dt>Cash on delivery fee</dt>
            <dd>{formatPaise(order.codFeePaise)}</dd>
            <dt>Cash on delivery</dt>
            <dd>{codConfirmationText(order)}</dd>
            {order.codAdvance && (
              <>
                <dt>Advance</dt>
                <dd>
                  {formatPaise(order.codAdvancePaise)} {codAdvanceWords[order.codAdvance]}
                </dd>
              </>
            )}
          </>
        )}
        <dt>GST</dt>
        <dd>{invoiceTaxText(invoiceTax)}</dd>
        <dt>Total</dt>
        <dd>{formatPaise(order.totalPaise)}</dd>
        <dt>Refunded</dt>
        <dd>{formatPaise(order.refundedPaise)}</dd>
        <dt>Still refundable</dt>
        <dd>{formatPaise(refundablePaise)}</dd>
      </dl>
    </Section>
  );
}

export function OrderShopper({ shopper, order }: { shopper: Detail['shopper']; order: Detail['order'] }) {
  const address = order.shippingAddress;
  return (
    <Section id="order-shopper" title="Shopper and address">
      <dl className="admin-details">
        <dt>Name</dt>
        <dd>
          {/* A detached order's shopper deleted their account: there is no customer page to open. */}
          {shopper.userId ? (
            <Link to={adminPaths.customer(shopper.userId)}>{shopper.name}</Link>
          ) : (
            shopper.name
          )}
        </dd>
        <dt>E-mail</dt>
        <dd>{shopper.email || 'None'}</dd>
        <dt>Phone</dt>
        <dd>{formatPhone(shopper.phone)}</dd>
        <dt>Courier calls</dt>
        <dd>{formatPhone(shopper.deliveryPhone)}</dd>
        <dt>Ship to</dt>
        <dd>
          {address.firstName} {address.lastName}, {address.houseName}, {address.streetArea}, {address.city},{' '}
          {address.state} {address.pincode}, {address.country}
        </dd>
      </dl>
    </Section>
  );
}

export function OrderPayments({
  payments,
  refunds,
  paymentMethod,
}: {
  payments: Detail['payments'];
  refunds: Detail['refunds'];
  paymentMethod: string;
}) {
  return (
    <Section id="order-payments" title="Payments and refunds">
      {/* docs/product.md#cash-on-delivery: the shopper pays the courier; Razorpay has no payment to show. */}
      {payments.length === 0 && (
        <p>
          {paymentMethod === 'COD'
            ? 'Cash on delivery: paid to the courier, so there is no online payment.'
            : 'No payments.'}
        </p>
      )}
      <ul>
        {payments.map((payment) => (
          <li key={payment.razorpayPaymentId}>
            Payment {payment.razorpayPaymentId}: {formatPaise(payment.amountPaise)} ({payment.status}
            {payment.method ? `, ${payment.method}` : ''}), {formatIstDateTime(payment.createdAt)}
          </li>
        ))}
      </ul>
      {refunds.length === 0 ? (
        <p>No refunds.</p>
      ) : (
        <ul aria-label="Refunds">
          {refunds.map((refund) => (
            <li key={refund.razorpayRefundId}>
              Refund {formatPaise(refund.amountPaise)} ({refund.status}),{' '}
              {formatIstDateTime(refund.createdAt)}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function OrderShipment({
  shipment,
  scans,
}: {
  shipment: Detail['order']['shipment'];
  scans: Detail['scans'];
}) {
  return (
    <Section id="order-shipment" title="Shipment">
      {shipment ? (
        <dl className="admin-details">
          <dt>Stage</dt>
          <dd>{humanise(shipment.stage)}</dd>
          <dt>Courier</dt>
          <dd>{shipment.courierName ?? '—'}</dd>
          <dt>AWB</dt>
          <dd>{shipment.trackingNumber ?? '—'}</dd>
        </dl>
      ) : (
        <p>No parcel booked yet.</p>
      )}
      {scans.length > 0 && (
        <ul aria-label="Scans">
          {scans.map((scan) => (
            <li key={`${scan.date}-${scan.status}`}>
              {formatIstDateTime(scan.date)}: {scan.status}, {scan.activity}
              {scan.location ? ` (${scan.location})` : ''}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function OrderNotes({ notes }: { notes: Detail['notes'] }) {
  return (
    <Section id="order-notes" title="Notes">
      {notes.length === 0 ? (
        <p>No notes.</p>
      ) : (
        <ul>
          {notes.map((note) => (
            <li key={note.id}>
              {note.body}{' '}
              <span className="admin-muted">
                ({note.staffName}, {formatIstDateTime(note.createdAt)})
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function OrderTimeline({ timeline }: { timeline: Detail['timeline'] }) {
  return (
    <Section id="order-timeline" title="Timeline">
      <ScrollingRegion className="admin-table-wrap" label="Timeline, scrolls sideways">
        <table className="admin-table">
          <caption className="visually-hidden">Timeline, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">When (IST)</th>
              <th scope="col">What</th>
              <th scope="col">Event</th>
              <th scope="col">By</th>
            </tr>
          </thead>
          <tbody>
            {timeline.map((entry, index) => (
              // The timeline is fixed for one reply and may hold two alike entries at one moment.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={index}>
                <td data-label="When (IST)">{formatIstDateTime(entry.at)}</td>
                <td data-label="What">{humanise(entry.kind)}</td>
                <td data-label="Event">{entry.summary}</td>
                <td data-label="By">{entry.actor ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollingRegion>
    </Section>
  );
}
