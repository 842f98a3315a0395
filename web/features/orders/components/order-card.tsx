import { Link } from 'react-router';
import { formatDate, formatRupees, formatRupeesExact } from '../../../../contracts/format';
import { orderStatusColour, orderStatusLabel } from '../../../../contracts/order-status';
import type { Order } from '../../../../contracts/orders';
import { Button } from '../../../components/button';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { paths } from '../../../lib/paths';
import { ShipmentDetails } from './shipment-details';

const paymentStatusLabels: Record<Order['paymentStatus'], string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
};

interface OrderCardProps {
  order: Order;
  refreshing: boolean;
  refreshError: string | undefined;
  onRefresh: () => void;
}

/** spec §2 My Orders: one order with its shipping, payment, address and items. */
export function OrderCard({ order, refreshing, refreshError, onRefresh }: OrderCardProps) {
  const address = order.shippingAddress;
  return (
    <article className="order-card" aria-labelledby={`order-${order.orderId}`}>
      <header className="order-card__header">
        <div>
          <h2 id={`order-${order.orderId}`}>Order {order.orderNumber}</h2>
          <p className="order-card__meta">Placed on {formatDate(order.createdAt)}</p>
          <p className="order-card__meta">Payment ID: {order.paymentId ?? '—'}</p>
        </div>
        <div className="order-card__summary">
          {/* DESIGN.md: amounts are paise on the wire; shown as rupees to two decimals. */}
          <strong className="order-card__amount">{formatRupeesExact(order.totalPaise / 100)}</strong>
          <span className="order-card__paid">{paymentStatusLabels[order.paymentStatus]}</span>
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

      <div className="order-card__panels">
        <section className="order-panel" aria-label="Shipping Information">
          <div className="order-panel__title">
            <h3>Shipping Information</h3>
            <Button variant="ghost" onClick={onRefresh} disabled={refreshing}>
              {refreshing ? 'Refreshing...' : 'Refresh'}
            </Button>
          </div>
          {refreshError ? (
            <p className="error-text">Unable to fetch shipping details: {refreshError}</p>
          ) : order.shipment ? (
            <ShipmentDetails shipment={order.shipment} />
          ) : (
            <p className="status-text">Shipping details will be available once your order is processed</p>
          )}
        </section>

        <section className="order-panel" aria-label="Payment Information">
          <h3>Payment Information</h3>
          <dl className="detail-list">
            <dt>Subtotal</dt>
            <dd>{formatRupeesExact(order.subtotalPaise / 100)}</dd>
            <dt>Shipping</dt>
            <dd>{order.shippingPaise === 0 ? 'FREE' : formatRupeesExact(order.shippingPaise / 100)}</dd>
            <dt>Total</dt>
            <dd>{formatRupeesExact(order.totalPaise / 100)}</dd>
            {order.refundedPaise > 0 ? (
              <>
                <dt>Refunded</dt>
                <dd>{formatRupeesExact(order.refundedPaise / 100)}</dd>
              </>
            ) : null}
          </dl>
        </section>

        <section className="order-panel" aria-label="Delivery Address">
          <h3>Delivery Address</h3>
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

      <section aria-label="Items Ordered">
        <h3>Items Ordered</h3>
        <ul className="order-items">
          {order.items.map((item) => (
            <li key={`${item.productId}-${item.size}`} className="order-item">
              <Link to={paths.product(item.productId)} className="order-item__image">
                <ImageWithFallback src={item.image} alt={item.title} width={64} height={64} />
              </Link>
              <div>
                <p className="order-item__name">{item.title}</p>
                <p className="order-card__meta">
                  Qty: {item.quantity} · Price: {formatRupees(item.unitPricePaise / 100)} · Size {item.size}
                </p>
                <p className="order-card__meta">{item.description}</p>
                <p className="order-card__meta">SKU: {item.sku}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
