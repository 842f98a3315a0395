import { formatDateTime } from '../../../../contracts/format';
import type { Shipment } from '../../../../contracts/orders';
import './detail-list.css';

export const shipmentTexts = {
  noCourier: 'Courier not yet assigned',
  noTracking: 'Tracking will be available once courier is assigned',
  pending: 'Shipping details will be available shortly.',
} as const;

/** spec §2 Payment success: the shipment block, or its fallback text before the shipment exists. */
export function ShipmentDetails({ shipment }: { shipment: Shipment | null }) {
  if (!shipment?.shiprocketOrderId) return <p className="status-text">{shipmentTexts.pending}</p>;
  return (
    <dl className="detail-list">
      <dt>Shipping order</dt>
      <dd>{shipment.shiprocketOrderId}</dd>
      <dt>Shipment ID</dt>
      <dd>{shipment.shiprocketShipmentId ?? '—'}</dd>
      <dt>Courier</dt>
      <dd>{shipment.courierName ?? shipmentTexts.noCourier}</dd>
      <dt>Tracking number</dt>
      <dd>{shipment.trackingNumber ?? shipmentTexts.noTracking}</dd>
      {shipment.trackingStatus ? (
        <>
          <dt>Tracking status</dt>
          <dd>{shipment.trackingStatus}</dd>
        </>
      ) : null}
      {shipment.estimatedDelivery ? (
        <>
          <dt>Estimated delivery</dt>
          <dd>{formatDateTime(shipment.estimatedDelivery)}</dd>
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
    </dl>
  );
}
