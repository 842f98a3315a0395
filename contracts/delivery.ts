// docs/product.md#delivery-date: one rule for the date a shopper is promised, used by checkout, the success
// page, My Orders and the e-mails alike.

const DAY_MS = 86_400_000;
const IST = 'Asia/Kolkata';

/** The policy pages promise dispatch within 6-8 days of payment: the promise counts the last of them. */
export const DISPATCH_DAYS = 8;
/** A courier's usual time across India once it has the parcel, until a courier quotes its own. */
export const TRANSIT_DAYS = 4;

export interface DeliveryFacts {
  /** When the order was paid (or, before paying, now). */
  orderedAt: Date | string;
  /** The courier's own estimate once the parcel is booked; it replaces the promise. */
  courierEstimate?: Date | string | null;
}

/** The day the parcel is expected: the courier's estimate once there is one, else dispatch plus transit. */
export function expectedDeliveryDate({ orderedAt, courierEstimate }: DeliveryFacts): Date {
  if (courierEstimate) return new Date(courierEstimate);
  return new Date(new Date(orderedAt).getTime() + (DISPATCH_DAYS + TRANSIT_DAYS) * DAY_MS);
}

const arrivalDay = new Intl.DateTimeFormat('en-IN', {
  timeZone: IST,
  weekday: 'long',
  day: 'numeric',
  month: 'short',
});

/** "Saturday, 29 Nov", in India's time: a delivery is a day, never an hour. */
export function formatArrivalDay(date: Date | string): string {
  const parts = Object.fromEntries(
    arrivalDay.formatToParts(new Date(date)).map((part) => [part.type, part.value]),
  );
  return `${parts.weekday}, ${parts.day} ${parts.month}`;
}

/** "Arriving Saturday, 29 Nov" */
export function arrivalText(facts: DeliveryFacts): string {
  return `Arriving ${formatArrivalDay(expectedDeliveryDate(facts))}`;
}
