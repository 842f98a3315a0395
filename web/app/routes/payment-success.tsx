import { Link, useLocation } from 'react-router';
import { buttonClassName } from '../../components/button';
import { useOrderUntilShipmentKnown } from '../../features/orders/api/get-order';
import { ShipmentDetails } from '../../features/orders/components/shipment-details';
import type { PaymentSuccessState } from '../../features/payment/use-place-order';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import './payment-success.css';

function successStateOf(state: unknown): PaymentSuccessState | undefined {
  const confirmation = (state as Partial<PaymentSuccessState> | null)?.confirmation;
  return confirmation?.orderId ? { confirmation } : undefined;
}

/** spec §2 Payment success: reads the confirmation passed in the navigation state. */
export function PaymentSuccessRoute() {
  useDocumentTitle('Payment Successful');
  const location = useLocation();
  const success = successStateOf(location.state);
  const order = useOrderUntilShipmentKnown(success?.confirmation.orderId, success?.confirmation.order);

  if (!success) {
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

  const { confirmation } = success;
  return (
    <section className="container page payment-success" aria-labelledby="payment-success-title">
      <div className="payment-success__card">
        <h1 id="payment-success-title">Payment Successful!</h1>
        <dl className="detail-list">
          <dt>Order ID</dt>
          <dd data-testid="order-id">{confirmation.orderId}</dd>
          <dt>Payment ID</dt>
          <dd data-testid="payment-id">{confirmation.paymentId}</dd>
        </dl>
        <h2>Shipment</h2>
        <ShipmentDetails shipment={order.data?.shipment ?? null} />
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
