import { type ReactNode, useState } from 'react';
import { formatDate, formatDateTime, formatRupeesExact } from '../../../../contracts/format';
import { orderStatusColour, orderStatusLabel } from '../../../../contracts/order-status';
import type { Order, RefundStatus } from '../../../../contracts/orders';
import { Button } from '../../../components/button';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { TaxDocumentLinks } from '../../../components/tax-document-links';
import { apiBase } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { Link } from '../../../lib/router';
import { useCancelOrder } from '../api/cancel-order';
import { useOrderDocuments } from '../api/get-order-documents';
import { CancelOrderDialog } from './cancel-order-dialog';
import { DeliveryIssueNotice } from './delivery-issue-notice';
import { OrderReturns } from './order-returns';
import { pendingPromiseOf, ShippingInformation } from './shipping-information';
import { TrackingModal } from './tracking-modal';

const paymentStatusLabels: Record<Order['paymentStatus'], string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  // Cash on delivery (docs/product.md#cod-money).
  cod_due: 'Cash on delivery',
  collected: 'Paid (cash on delivery)',
};

const refundStatusLabels: Record<RefundStatus, string> = {
  scheduled: 'Refund scheduled',
  pending: 'Refund pending',
  processed: 'Refund processed',
  failed: 'Refund failed',
};

/** docs/architecture.md#money-flow step 5: amounts are paise on the wire, shown as rupees to two decimals (₹1,198.00). */
const rupees = (paise: number) => formatRupeesExact(paise / 100);

/** docs/product.md#screens My Orders: one order with its shipping, payment, address and items. */
interface OrderCardProps {
  order: Order;
  /** docs/product.md#cash-on-delivery: asks for the OTP of a COD order still awaiting its confirmation. */
  onConfirmCod?: () => void;
  /** An action beside an item (docs/product.md#reviews: "Write a review" on a delivered order's items). */
  itemAction?: (item: Order['items'][number]) => ReactNode;
}

export function OrderCard({ order, onConfirmCod, itemAction }: OrderCardProps) {
  const [trackingOpen, setTrackingOpen] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const cancel = useCancelOrder(order.orderId);
  // docs/product.md#gst-invoices: a paid order has its tax invoice.
  const documents = useOrderDocuments(
    order.orderId,
    order.paymentStatus !== 'pending' && order.paymentStatus !== 'failed',
  );
  const address = order.shippingAddress;
  // Each panel is named after its heading and its order ("Payment Information Order OM-…"): with several orders
  // on the page, regions of one name would be ambiguous landmarks.
  const titleId = `order-${order.orderId}`;
  const awaitsConfirmation = order.status === 'pending' && order.paymentStatus === 'cod_due';
  const advanceDue = awaitsConfirmation && order.codAdvance === 'due';

  function confirmCancel() {
    cancel.mutate(undefined, { onSettled: () => setConfirmingCancel(false) });
  }

  return (
    <article className="order-card" aria-labelledby={titleId}>
      <header className="order-card__header">
        <div>
          <h2 id={titleId}>Order {order.orderNumber}</h2>
          <p className="order-card__meta">Placed on {formatDate(order.createdAt)}</p>
          {/* docs/product.md#screens My Orders: a COD order has no online payment to name. */}
          {order.paymentMethod === 'COD' ? (
            <p className="order-card__meta">Payment: cash on delivery</p>
          ) : (
            <p className="order-card__meta">Payment ID: {order.paymentId ?? '—'}</p>
          )}
        </div>
        <div className="order-card__summary">
          <strong className="order-card__amount">{rupees(order.totalPaise)}</strong>
          <span className={`order-card__paid order-card__paid--${order.paymentStatus}`}>
            {paymentStatusLabels[order.paymentStatus]}
          </span>
          {order.refundedPaise > 0 ? (
            <span className="order-card__meta">Refunded {rupees(order.refundedPaise)}</span>
          ) : null}
          <span className="order-status">
            <span
              className={`order-status__dot order-status__dot--${orderStatusColour(order.status)}`}
              aria-hidden="true"
            />
            {orderStatusLabel(order.status)}
          </span>
          <span className="order-card__meta">{order.paymentMethod || 'Online'}</span>
        </div>
      </header>

      {awaitsConfirmation && order.codConfirmBy ? (
        <p className="order-card__notice" id={`confirm-${order.orderId}`}>
          {/* docs/product.md#part-paid-cod: an order asked an advance is confirmed by paying it. */}
          {advanceDue
            ? `Please pay the ${rupees(order.codAdvancePaise)} advance by UPI by ${formatDateTime(order.codConfirmBy)} to confirm this cash-on-delivery order, or it is cancelled.`
            : `Please confirm this cash-on-delivery order by ${formatDateTime(order.codConfirmBy)}, or it is cancelled.`}
        </p>
      ) : null}
      <DeliveryIssueNotice orderId={order.orderId} issue={order.deliveryIssue} describedBy={titleId} />
      <div className="order-card__actions">
        {awaitsConfirmation && onConfirmCod ? (
          <Button aria-describedby={`confirm-${order.orderId} ${titleId}`} onClick={onConfirmCod}>
            {advanceDue ? `Pay ${rupees(order.codAdvancePaise)} advance` : 'Confirm order'}
          </Button>
        ) : null}
        <Button variant="secondary" aria-describedby={titleId} onClick={() => setTrackingOpen(true)}>
          Track
        </Button>
        {order.canCancel ? (
          <Button variant="secondary" aria-describedby={titleId} onClick={() => setConfirmingCancel(true)}>
            Cancel Order
          </Button>
        ) : null}
      </div>
      {documents.data ? <TaxDocumentLinks documents={documents.data} apiBase={apiBase} /> : null}
      {cancel.isSuccess ? (
        <p className="success-text" role="status">
          {cancel.data.message}
        </p>
      ) : null}
      {cancel.isError ? (
        <p className="error-text" role="alert">
          {cancel.error.message}
        </p>
      ) : null}

      <div className="order-card__panels">
        <ShippingInformation order={order} cardTitleId={titleId} />

        <section className="order-panel" aria-labelledby={`payment-${order.orderId} ${titleId}`}>
          <h3 id={`payment-${order.orderId}`}>Payment Information</h3>
          <dl className="detail-list">
            <dt>Payment method</dt>
            <dd>{order.paymentMethod || 'Online'}</dd>
            <dt>Payment status</dt>
            <dd>{paymentStatusLabels[order.paymentStatus]}</dd>
            <dt>Subtotal</dt>
            <dd>{rupees(order.subtotalPaise)}</dd>
            {order.couponCode !== null && !order.couponFreeShipping ? (
              <>
                <dt>Coupon Discount ({order.couponCode})</dt>
                <dd>−{rupees(order.couponDiscountPaise)}</dd>
              </>
            ) : null}
            {order.prepaidDiscountPaise > 0 ? (
              <>
                {/* prepaidOfferMessages.label, written out for the reason the fee line's words are. */}
                <dt>Prepaid offer</dt>
                <dd>−{rupees(order.prepaidDiscountPaise)}</dd>
              </>
            ) : null}
            <dt>Shipping</dt>
            <dd>
              {order.shippingPaise === 0 ? 'FREE' : rupees(order.shippingPaise)}
              {order.couponFreeShipping ? ` (coupon ${order.couponCode})` : ''}
            </dd>
            {order.codFeePaise > 0 ? (
              <>
                {/* Checkout's words for the fee line (codMessages.feeLine), written out: importing them here split
                    the COD texts into a chunk of their own that the cart and checkout then loaded too. */}
                <dt>Cash on delivery fee</dt>
                <dd>{rupees(order.codFeePaise)}</dd>
              </>
            ) : null}
            <dt>Total</dt>
            <dd>{rupees(order.totalPaise)}</dd>
            {order.codAdvance === 'paid' || order.codAdvance === 'refunded' ? (
              <>
                <dt>Advance paid (UPI)</dt>
                <dd>{rupees(order.codAdvancePaise)}</dd>
              </>
            ) : null}
            {order.refundStatus ? (
              <>
                <dt>Refund status</dt>
                <dd>{refundStatusLabels[order.refundStatus]}</dd>
              </>
            ) : null}
            {order.refundedPaise > 0 ? (
              <>
                <dt>Refunded</dt>
                <dd>{rupees(order.refundedPaise)}</dd>
              </>
            ) : null}
          </dl>
        </section>

        <section className="order-panel" aria-labelledby={`address-${order.orderId} ${titleId}`}>
          <h3 id={`address-${order.orderId}`}>Delivery Address</h3>
          <address>
            {`${address.firstName} ${address.lastName}`.trim()}
            <br />
            {[address.houseName, address.streetArea].filter(Boolean).join(', ')}
            <br />
            {[address.city, address.state, address.pincode].filter(Boolean).join(', ')}
            <br />
            {address.country}
          </address>
        </section>
      </div>

      <section aria-labelledby={`items-${order.orderId} ${titleId}`}>
        <h3 id={`items-${order.orderId}`}>Items Ordered</h3>
        <ul className="order-items">
          {order.items.map((item) => (
            <li key={`${item.productId}-${item.size}`} className="order-item">
              <Link to={paths.product(item.productId)} className="order-item__image">
                <ImageWithFallback src={item.image} alt={item.title} width={64} height={64} />
              </Link>
              <div>
                <p className="order-item__name">{item.title}</p>
                <p className="order-card__meta order-item__facts">
                  <span>Qty: {item.quantity}</span>
                  <span>Price: {rupees(item.unitPricePaise)}</span>
                  <span>Size: {item.size}</span>
                </p>
                <p className="order-card__meta">{item.description}</p>
                <p className="order-card__meta">SKU: {item.sku}</p>
                {itemAction?.(item)}
              </div>
            </li>
          ))}
        </ul>
      </section>

      <OrderReturns order={order} />

      <TrackingModal
        orderId={order.orderId}
        orderNumber={order.orderNumber}
        promise={pendingPromiseOf(order)}
        deliveredAt={order.deliveredAt}
        deliveryIssue={order.deliveryIssue ?? null}
        open={trackingOpen}
        onClose={() => setTrackingOpen(false)}
      />
      <CancelOrderDialog
        order={order}
        open={confirmingCancel}
        cancelling={cancel.isPending}
        onConfirm={confirmCancel}
        onClose={() => setConfirmingCancel(false)}
      />
    </article>
  );
}
