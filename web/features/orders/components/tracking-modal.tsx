import type { DeliveryPromiseFacts } from '../../../../contracts/delivery';
import type { OrderDeliveryIssue } from '../../../../contracts/ndr-rules';
import type { ShipmentEvent, ShipmentUpdates } from '../../../../contracts/orders';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog/dialog';
import { useTrackOrder } from '../api/track-order';
import {
  failedAttemptNumbers,
  formatScanTime,
  plainScanText,
  reachedStep,
  trackingSteps,
} from '../tracking-steps';
import { failedAttemptText, reattemptDateText } from './delivery-issue-notice';
import { ShipmentFactRows } from './shipment-details';
import './tracking-modal.css';

interface TrackingModalProps {
  orderId: string;
  orderNumber: string;
  /** When the order was paid, for the promised day until the courier quotes one; null once there is none to promise. */
  promise: DeliveryPromiseFacts | null;
  /** When the order became delivered, as the order says (docs/product.md#the-order-page). */
  deliveredAt: string | null;
  /** docs/product.md#failed-deliveries: the parcel's latest failed delivery, if any. */
  deliveryIssue?: OrderDeliveryIssue | null;
  open: boolean;
  onClose: () => void;
}

/** docs/product.md#screens My Orders: the real-time tracking modal, opened from the order's Track button. */
export function TrackingModal({
  orderId,
  orderNumber,
  promise,
  deliveredAt,
  deliveryIssue = null,
  open,
  onClose,
}: TrackingModalProps) {
  return (
    <Dialog open={open} onClose={onClose} title={`Track Order ${orderNumber}`}>
      {open ? (
        <TrackingContent
          orderId={orderId}
          promise={promise}
          deliveredAt={deliveredAt}
          deliveryIssue={deliveryIssue}
        />
      ) : null}
    </Dialog>
  );
}

function TrackingContent({
  orderId,
  promise,
  deliveredAt,
  deliveryIssue,
}: Pick<TrackingModalProps, 'orderId' | 'promise' | 'deliveredAt'> & {
  deliveryIssue: OrderDeliveryIssue | null;
}) {
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
  const cancelled = data.orderStatus === 'cancelled';
  const attemptNumbers = failedAttemptNumbers(data.shipmentEvents);
  const issue = deliveryIssue && deliveryIssue.status !== 'delivered' ? deliveryIssue : null;
  return (
    <div className="tracking" aria-busy={tracking.isFetching}>
      {/* The courier could not be asked just now: what we stored is still shown below. */}
      {data.error ? <TrackingError message={data.error} /> : null}
      {cancelled ? null : <TrackingStepper updates={data} />}
      {issue ? (
        <p className="tracking__attempts">
          {failedAttemptText(issue)} {reattemptDateText(issue)}
        </p>
      ) : null}
      <dl className="detail-list">
        <ShipmentFactRows
          shipment={data}
          promise={cancelled || data.orderStatus === 'delivered' ? null : promise}
          delivered={data.orderStatus === 'delivered' ? { at: deliveredAt } : null}
        />
      </dl>
      <h3 className="tracking__heading" id={`tracking-updates-${orderId}`}>
        Tracking updates
      </h3>
      {data.shipmentEvents.length === 0 ? (
        <p className="status-text">No tracking updates yet.</p>
      ) : (
        <section
          className="tracking__scroller"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus for a keyboard to scroll it.
          tabIndex={0}
          aria-labelledby={`tracking-updates-${orderId}`}
        >
          <ol className="tracking__timeline" aria-label="Tracking updates">
            {data.shipmentEvents.map((event, index) => (
              <TrackingEvent
                key={`${event.date}-${event.status}-${event.activity}`}
                event={event}
                failedAttempt={attemptNumbers.get(index) ?? null}
              />
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

/** Ordered, Packed, Shipped, Out for delivery, Delivered: where the parcel is, at a glance. */
function TrackingStepper({ updates }: { updates: ShipmentUpdates }) {
  const reached = reachedStep(updates.orderStatus, updates.stage);
  return (
    <ol className="tracking-stepper" aria-label="Order progress">
      {trackingSteps.map((step, index) => {
        const state = index < reached ? 'done' : index === reached ? 'current' : 'todo';
        return (
          <li
            key={step}
            className={`tracking-stepper__step tracking-stepper__step--${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="tracking-stepper__dot" aria-hidden="true" />
            <span className="tracking-stepper__label">{step}</span>
            {state === 'done' ? <span className="visually-hidden"> (done)</span> : null}
          </li>
        );
      })}
    </ol>
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

/** One scan; a failed delivery attempt's says which attempt it was (docs/product.md#failed-deliveries). */
function TrackingEvent({ event, failedAttempt }: { event: ShipmentEvent; failedAttempt: number | null }) {
  const status = plainScanText(event.status);
  const activity =
    event.activity && event.activity.toLowerCase() !== event.status.toLowerCase() ? event.activity : null;
  return (
    <li className={failedAttempt ? 'tracking__event tracking__event--failed' : 'tracking__event'}>
      {failedAttempt ? (
        <span className="tracking__failed">Delivery attempt {failedAttempt} failed</span>
      ) : null}
      <strong>{status}</strong>
      {activity ? <span>{activity}</span> : null}
      <span className="tracking__when">
        {event.location ? <span className="tracking__location">{event.location} · </span> : null}
        <time dateTime={event.date}>{formatScanTime(event.date)}</time>
      </span>
    </li>
  );
}
