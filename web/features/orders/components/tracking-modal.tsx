import { formatDateTime } from '../../../../contracts/format';
import type { ShipmentEvent } from '../../../../contracts/orders';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog/dialog';
import { useTrackOrder } from '../api/track-order';
import { ShipmentFactRows } from './shipment-details';
import './tracking-modal.css';

interface TrackingModalProps {
  orderId: string;
  orderNumber: string;
  open: boolean;
  onClose: () => void;
}

/** docs/product.md#screens My Orders: the real-time tracking modal, opened from the order's Track button. */
export function TrackingModal({ orderId, orderNumber, open, onClose }: TrackingModalProps) {
  return (
    <Dialog open={open} onClose={onClose} title={`Track Order ${orderNumber}`}>
      {open ? <TrackingContent orderId={orderId} /> : null}
    </Dialog>
  );
}

function TrackingContent({ orderId }: { orderId: string }) {
  const tracking = useTrackOrder(orderId, true);

  if (tracking.isPending) {
    return (
      <p className="status-text" role="status">
        Loading tracking...
      </p>
    );
  }
  if (tracking.isError) {
    return (
      <div className="tracking">
        <TrackingError message={tracking.error.message} />
        <Button variant="secondary" onClick={() => tracking.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const { data } = tracking;
  return (
    <div className="tracking" aria-busy={tracking.isFetching}>
      {/* The courier could not be asked just now: what we stored is still shown below. */}
      {data.error ? <TrackingError message={data.error} /> : null}
      <dl className="detail-list">
        <ShipmentFactRows shipment={data} />
      </dl>
      <h3 className="tracking__heading">Tracking updates</h3>
      {data.shipmentEvents.length === 0 ? (
        <p className="status-text">No tracking updates yet.</p>
      ) : (
        <ol className="tracking__timeline" aria-label="Tracking updates">
          {data.shipmentEvents.map((event) => (
            <TrackingEvent key={`${event.date}-${event.status}-${event.activity}`} event={event} />
          ))}
        </ol>
      )}
    </div>
  );
}

/** docs/product.md#screens: the modal's error state, 'Tracking Error:' with the message. */
function TrackingError({ message }: { message: string }) {
  return (
    <p className="error-text tracking__error" role="alert">
      <strong>Tracking Error:</strong> {message}
    </p>
  );
}

function TrackingEvent({ event }: { event: ShipmentEvent }) {
  return (
    <li className="tracking__event">
      <time dateTime={event.date}>{formatDateTime(event.date)}</time>
      <strong>{event.status}</strong>
      {event.activity && event.activity !== event.status ? <span>{event.activity}</span> : null}
      {event.location ? <span className="tracking__location">{event.location}</span> : null}
    </li>
  );
}
