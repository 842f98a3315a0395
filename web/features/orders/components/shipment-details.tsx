import { arrivalText, type DeliveryPromiseFacts, formatArrivalDay } from '../../../../contracts/delivery';
import type { Shipment } from '../../../../contracts/orders';
import './detail-list.css';

// docs/product.md#screens and docs/product.md#messages texts. (contracts/shipping.ts holds the first two too, but importing it would bring zod
// into this chunk.)
export const shipmentTexts = {
  noCourier: 'Courier not yet assigned',
  noTracking: 'Tracking will be available once courier is assigned',
  pending: 'Shipping details will be available shortly.',
  delivered: 'Delivered on',
} as const;

/** The documented shipment fields (docs/product.md#entities) both the order and the shipment-updates reply carry. */
export type ShipmentFacts = Pick<
  Shipment,
  | 'shiprocketOrderId'
  | 'shiprocketShipmentId'
  | 'courierName'
  | 'trackingNumber'
  | 'trackingStatus'
  | 'estimatedDelivery'
  | 'trackingUrl'
  | 'canTrack'
>;

/** A delivered order's day: `at` is when it became delivered, null when that is not known. */
export interface Delivered {
  at: string | null;
}

/**
 * Courier, tracking number, status, expected delivery and the courier's tracking link: the rows the pages share.
 * `promise` (the order's paid time and promised day) lets the day show before the courier quotes one;
 * leave it out once the parcel is delivered or the order cancelled. `delivered`, for a delivered order,
 * replaces the estimate with the day it was delivered (docs/product.md#the-order-page).
 */
export function ShipmentFactRows({
  shipment,
  statusFallback,
  promise,
  delivered,
}: {
  shipment: ShipmentFacts & { courierTrackingUrl?: string | null };
  statusFallback?: string;
  promise?: DeliveryPromiseFacts | null;
  delivered?: Delivered | null;
}) {
  const status = shipment.trackingStatus ?? statusFallback;
  const trackingUrl = shipment.courierTrackingUrl ?? shipment.trackingUrl;
  // docs/product.md#delivery-date: one rule for the day, everywhere; none once the parcel has arrived.
  const arrival =
    !delivered && (promise || shipment.estimatedDelivery)
      ? arrivalText({ orderedAt: '', ...promise, courierEstimate: shipment.estimatedDelivery })
      : null;
  return (
    <>
      <dt>Courier</dt>
      <dd>{shipment.courierName ?? shipmentTexts.noCourier}</dd>
      <dt>Tracking number</dt>
      <dd className={shipment.trackingNumber ? 'detail-list__number' : undefined}>
        {shipment.trackingNumber ?? shipmentTexts.noTracking}
      </dd>
      {status ? (
        <>
          <dt>Tracking status</dt>
          <dd>{status}</dd>
        </>
      ) : null}
      {arrival ? (
        <>
          <dt>Estimated delivery</dt>
          <dd>{arrival}</dd>
        </>
      ) : null}
      {delivered?.at ? (
        <>
          <dt>{shipmentTexts.delivered}</dt>
          <dd>{formatArrivalDay(delivered.at)}</dd>
        </>
      ) : null}
      {shipment.canTrack && trackingUrl ? (
        <>
          <dt className="visually-hidden">Tracking link</dt>
          <dd>
            <a href={trackingUrl} target="_blank" rel="noopener noreferrer">
              Track Package
            </a>
          </dd>
        </>
      ) : null}
    </>
  );
}

/**
 * docs/product.md#screens Payment success: the shipment block, or its fallback text before the shipment exists. Shiprocket's own
 * ids are ours, not the shopper's: they stay out of view. The delivery day is not repeated here: the page's
 * "Expected delivery" already says it, with a word when the courier's day differs (docs/product.md#delivery-date).
 */
export function ShipmentDetails({ shipment }: { shipment: ShipmentFacts | null }) {
  if (!shipment?.shiprocketOrderId) return <p className="status-text">{shipmentTexts.pending}</p>;
  return (
    <dl className="detail-list">
      <ShipmentFactRows shipment={{ ...shipment, estimatedDelivery: null }} />
    </dl>
  );
}
