import type { OrderStatus } from '../../../contracts/order-status';
import type { ShipmentStage } from '../../../contracts/shipping';

export const trackingSteps = ['Ordered', 'Packed', 'Shipped', 'Out for delivery', 'Delivered'] as const;

/** Which of trackingSteps the parcel has reached (0-4), from the order's status and the parcel's stage. */
export function reachedStep(status: OrderStatus, stage: ShipmentStage | null): number {
  if (status === 'delivered' || stage === 'delivered') return 4;
  if (status === 'out_for_delivery' || stage === 'out_for_delivery') return 3;
  if (status === 'shipped' || stage === 'picked_up' || stage === 'in_transit') return 2;
  if (stage === 'awb_assigned' || stage === 'pickup_scheduled') return 1;
  return 0;
}

/** A courier's scan label ("OUT FOR PICKUP") as a shopper reads it ("Out for pickup"). */
export function plainScanText(label: string): string {
  const words = label.replace(/_/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const istScanTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "Sat, 28 Nov, 2:30 pm IST": a scan's moment in India's time, whatever the shopper's device says. */
export function formatScanTime(date: Date | string): string {
  return `${istScanTime.format(new Date(date))} IST`;
}

// docs/product.md#failed-deliveries: a courier's scan of a failed delivery attempt, however the courier words it
// (Shiprocket's UNDELIVERED, "Delivery attempted - customer not available", an NDR).
const FAILED_ATTEMPT =
  /\b(undelivered|not delivered|delivery attempted|delivery (attempt )?failed|failed (delivery|attempt)|ndr)\b/i;

/** Shiprocket's forward tracking status 21, UNDELIVERED (docs/architecture.md#shiprocket-returns: not a return's 21). */
const UNDELIVERED_STATUS = 21;

interface Scan {
  status: string;
  statusCode?: number | null;
  activity: string;
}

/** Whether a scan tells of a failed delivery attempt. */
export function isFailedAttempt(event: Scan): boolean {
  return (
    event.statusCode === UNDELIVERED_STATUS ||
    FAILED_ATTEMPT.test(event.status) ||
    FAILED_ATTEMPT.test(event.activity)
  );
}

/** Each failed attempt's number (1, 2, 3), oldest first, by the scan's index in `events` (listed in any order). */
export function failedAttemptNumbers(events: readonly (Scan & { date: string })[]) {
  const numbers = new Map<number, number>();
  events
    .map((event, index) => ({ event, index }))
    .filter(({ event }) => isFailedAttempt(event))
    .sort((a, b) => new Date(a.event.date).getTime() - new Date(b.event.date).getTime())
    .forEach(({ index }, order) => {
      numbers.set(index, order + 1);
    });
  return numbers;
}
