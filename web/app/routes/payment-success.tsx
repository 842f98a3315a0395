import { arrivalText, formatArrivalDay, promiseFactsOf } from '../../../contracts/delivery';
import { formatRupeesExact } from '../../../contracts/format';
import type { Order, OrderConfirmation } from '../../../contracts/orders';
import { buttonClassName } from '../../components/button';
import { useOrderUntilShipmentKnown } from '../../features/orders/api/get-order';
import { OrderStateText, orderHeadline, orderStateOf } from '../../features/orders/components/order-state';
import { ShipmentDetails, shipmentTexts } from '../../features/orders/components/shipment-details';
import type { PaymentSuccessState } from '../../features/payment/use-place-order';
import { paths } from '../../lib/paths';
import { Link, useLocation, useSearchParams } from '../../lib/router';
import { useDocumentTitle } from '../../lib/use-document-title';
import './payment-success.css';

function confirmationOf(state: unknown): OrderConfirmation | undefined {
  const confirmation = (state as Partial<PaymentSuccessState> | null)?.confirmation;
  return confirmation?.orderId ? confirmation : undefined;
}

function NoPaymentToShow() {
  return (
    <div className="message-page">
      <h1>No payment to show</h1>
      <p>Your orders and their payments are always on the My Orders page.</p>
      <Link className={buttonClassName()} to={paths.orders}>
        View Orders
      </Link>
    </div>
  );
}

/**
 * docs/product.md#screens Payment success. The checkout passes the confirmation in the navigation state (shown at once) and
 * the order id in the URL; the order itself is read from the server, so a reload still shows it.
 */
export function PaymentSuccessRoute() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const passed = confirmationOf(location.state);
  const orderId = searchParams.get('orderId') || passed?.orderId;
  const order = useOrderUntilShipmentKnown(orderId, passed?.orderId === orderId ? passed?.order : undefined);
  useDocumentTitle(
    order.data && orderStateOf(order.data) !== 'paid' ? orderHeadline(order.data) : 'Payment Successful',
  );

  if (!orderId) return <NoPaymentToShow />;
  if (order.isPending) {
    return (
      <p className="status-text page" role="status">
        Loading...
      </p>
    );
  }
  if (!order.data) return <NoPaymentToShow />;
  // docs/product.md#the-order-page: "Payment Successful!" only for a paid order that still stands; a pending,
  // failed or cancelled one says so.
  const state = orderStateOf(order.data);
  const paymentId = order.data.paymentId;

  return (
    <section className="container page payment-success" aria-labelledby="payment-success-title">
      <div className="payment-success__card">
        <h1 id="payment-success-title">{orderHeadline(order.data)}</h1>
        {state === 'paid' ? null : <OrderStateText order={order.data} />}
        <dl className="detail-list">
          <dt>Order ID</dt>
          <dd data-testid="order-id">{order.data.orderNumber}</dd>
          {paymentId ? (
            <>
              <dt>Payment ID</dt>
              <dd data-testid="payment-id">{paymentId}</dd>
            </>
          ) : null}
          <dt>{state === 'paid' ? 'Total paid' : 'Total'}</dt>
          <dd>{formatRupeesExact(order.data.totalPaise / 100)}</dd>
          {state === 'paid' && order.data.status === 'delivered' ? (
            // docs/product.md#the-order-page: a delivered order says when, never an estimate.
            order.data.deliveredAt ? (
              <>
                <dt>{shipmentTexts.delivered}</dt>
                <dd>{formatArrivalDay(order.data.deliveredAt)}</dd>
              </>
            ) : null
          ) : state === 'paid' ? (
            <>
              <dt>Expected delivery</dt>
              <dd>
                {/* docs/product.md#delivery-date: the day promised at checkout until the courier quotes its own. */}
                {arrivalText({
                  ...promiseFactsOf(order.data),
                  courierEstimate: order.data.shipment?.estimatedDelivery,
                })}
              </dd>
            </>
          ) : null}
        </dl>
        <OrderedItems order={order.data} />
        <section aria-labelledby="payment-success-address">
          <h2 id="payment-success-address">Delivery Address</h2>
          <DeliveryAddressLines address={order.data.shippingAddress} />
        </section>
        {state === 'paid' ? (
          <>
            <h2>Shipment</h2>
            <ShipmentDetails shipment={order.data.shipment} />
          </>
        ) : null}
        <div className="payment-success__actions">
          <Link className={buttonClassName('secondary')} to={paths.home}>
            Continue Shopping
          </Link>
          <Link className={buttonClassName()} to={paths.orders}>
            View Orders
          </Link>
        </div>
      </div>
    </section>
  );
}

function OrderedItems({ order }: { order: Order }) {
  return (
    <section aria-labelledby="payment-success-items">
      <h2 id="payment-success-items">Items</h2>
      <ul className="payment-success__items">
        {order.items.map((item) => (
          <li key={`${item.productId}-${item.size}`}>
            <span>
              {item.title}{' '}
              <span className="payment-success__muted">
                (Size {item.size}) × {item.quantity}
              </span>
            </span>
            <span>{formatRupeesExact(item.lineTotalPaise / 100)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DeliveryAddressLines({ address }: { address: Order['shippingAddress'] }) {
  return (
    <address className="payment-success__address">
      <span>{`${address.firstName} ${address.lastName}`.trim()}</span>
      <span>{[address.houseName, address.streetArea].filter(Boolean).join(', ')}</span>
      <span>{[address.city, address.state, address.pincode].filter(Boolean).join(', ')}</span>
      <span>{address.country}</span>
    </address>
  );
}
