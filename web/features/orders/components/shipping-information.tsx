import { type DeliveryPromiseFacts, promiseFactsOf } from '../../../../contracts/delivery';
import { orderStatusLabel } from '../../../../contracts/order-status';
import type { Order } from '../../../../contracts/orders';
import { Button } from '../../../components/button';
import { useShipmentUpdates } from '../api/get-shipment-updates';
import { useRefreshTracking } from '../api/refresh-tracking';
import { type Delivered, ShipmentFactRows, type ShipmentFacts } from './shipment-details';

// docs/product.md#messages Payment and orders: the Orders page's shipping texts.
export const shippingInformationTexts = {
  unableToFetch: (error: string) => `Unable to fetch shipping details: ${error}`,
  notYetProcessed: 'Shipping details will be available once your order is processed',
  cancelledBeforeShipping: 'This order was cancelled before it was shipped.',
} as const;

const noShipmentYet: ShipmentFacts = {
  shiprocketOrderId: null,
  shiprocketShipmentId: null,
  courierName: null,
  trackingNumber: null,
  trackingStatus: null,
  estimatedDelivery: null,
  trackingUrl: null,
  canTrack: false,
};

/** Whether a delivery day is still to come: not for a delivered or cancelled order. */
export function awaitingDelivery(order: Pick<Order, 'status'>): boolean {
  return order.status !== 'delivered' && order.status !== 'cancelled';
}

/** A delivered order's day, for the rows that would otherwise give an estimate; null for any other order. */
export function deliveredOf(order: Pick<Order, 'status' | 'deliveredAt'>): Delivered | null {
  return order.status === 'delivered' ? { at: order.deliveredAt } : null;
}

/** The order's promised day while one is still to come (docs/product.md#delivery-date). */
export function pendingPromiseOf(order: Order): DeliveryPromiseFacts | null {
  return awaitingDelivery(order) ? promiseFactsOf(order) : null;
}

/**
 * docs/product.md#screens My Orders, the Shipping Information panel with its Refresh. docs/product.md#behaviour Orders page: the shipment
 * updates are fetched once when the page loads and again on Refresh, each order with its own loading state.
 */
/** `cardTitleId`: the order card's heading, which joins the panel's own in its name. */
export function ShippingInformation({ order, cardTitleId }: { order: Order; cardTitleId: string }) {
  const updates = useShipmentUpdates(order.orderId);
  const refresh = useRefreshTracking(order.orderId);
  const busy = refresh.isPending || updates.isFetching;

  // The refresh's own failure only when its fallback failed too; then the latest check's, then the courier's.
  const error = refresh.error?.message ?? updates.error?.message ?? updates.data?.error ?? undefined;
  // The latest reply, else what the order itself carries, else nothing known yet.
  const known: ShipmentFacts | null = updates.data ?? order.shipment;
  // A cancelled order's parcel keeps its last scan's label; it is going nowhere now.
  const shipment: ShipmentFacts | null =
    known && order.status === 'cancelled'
      ? { ...known, trackingStatus: orderStatusLabel('cancelled'), estimatedDelivery: null, canTrack: false }
      : known;
  const titleId = `shipping-${order.orderId}`;

  return (
    <section className="order-panel" aria-labelledby={`${titleId} ${cardTitleId}`} aria-busy={busy}>
      <div className="order-panel__title">
        <h3 id={titleId}>Shipping Information</h3>
        <Button variant="ghost" onClick={() => refresh.mutate()} disabled={busy}>
          {busy ? 'Refreshing...' : 'Refresh'}
        </Button>
      </div>
      {error ? <p className="error-text">{shippingInformationTexts.unableToFetch(error)}</p> : null}
      {shipment && (shipment.shiprocketOrderId || order.status !== 'cancelled') ? (
        <dl className="detail-list">
          <ShipmentFactRows
            shipment={shipment}
            statusFallback={orderStatusLabel(order.status)}
            promise={pendingPromiseOf(order)}
            delivered={deliveredOf(order)}
          />
        </dl>
      ) : error ? null : (
        <>
          <p className="status-text">
            {order.status === 'cancelled'
              ? shippingInformationTexts.cancelledBeforeShipping
              : shippingInformationTexts.notYetProcessed}
          </p>
          {(order.paidAt ?? order.codConfirmedAt) && awaitingDelivery(order) ? (
            <dl className="detail-list">
              <ShipmentFactRows shipment={noShipmentYet} promise={promiseFactsOf(order)} />
            </dl>
          ) : null}
        </>
      )}
    </section>
  );
}
