import { formatEstimatedDelivery } from '../../../../contracts/format';
import type { Shipment } from '../../../../contracts/orders';
import './detail-list.css';

// docs/product.md#screens and docs/product.md#messages texts. (contracts/shipping.ts holds the first two too, but importing it would bring zod
// into this chunk.)
export const shipmentTexts = {
  noCourier: 'Courier not yet assigned',
  noTracking: 'Tracking will be available once courier is assigned',
  pending: 'Shipping details will be available shortly.',
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

/** Courier, tracking number, status, estimated delivery and the tracking link: the rows both pages show. */
export function ShipmentFactRows({
  shipment,
  statusFallback,
}: {
  shipment: ShipmentFacts;
  statusFallback?: string;
}) {
  const status = shipment.trackingStatus ?? statusFallback;
  return (
    <>
      <dt>Courier</dt>
      <dd>{shipment.courierName ?? shipmentTexts.noCourier}</dd>
      <dt>Tracking number</dt>
      <dd>{shipment.trackingNumber ?? shipmentTexts.noTracking}</dd>
      {status ? (
        <>
          <dt>Tracking status</dt>
          <dd>{status}</dd>
        </>
      ) : null}
      {shipment.estimatedDelivery ? (
        <>
          <dt>Estimated delivery</dt>
          <dd>{formatEstimatedDelivery(shipment.estimatedDelivery)}</dd>
        </>
      ) : null}
      {shipment.canTrack && shipment.trackingUrl ? (
        <>
          <dt className="visually-hidden">Tracking link</dt>
          <dd>
            <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
              Track Package
            </a>
          </dd>
        </>
      ) : null}
    </>
  );
}

/** docs/product.md#screens Payment success: the shipment block, or its fallback text before the shipment exists. */
export function ShipmentDetails({ shipment }: { shipment: ShipmentFacts | null }) {
  if (!shipment?.shiprocketOrderId) return <p className="status-text">{shipmentTexts.pending}</p>;
  return (
    <dl className="detail-list">
      <dt>Shipping order</dt>
      <dd>{shipment.shiprocketOrderId}</dd>
      <dt>Shipment ID</dt>
      <dd>{shipment.shiprocketShipmentId ?? '—'}</dd>
      <ShipmentFactRows shipment={shipment} />
    </dl>
  );
}
