// docs/product.md#delivery-date: one rule for the date a shopper is promised, used by checkout, the success
// page, My Orders and the e-mails alike.

import { stateByName, statesForPincode } from './india-states';

export { PINCODE_PATTERN } from './pincode-format';

const DAY_MS = 86_400_000;
const IST = 'Asia/Kolkata';

/** The policy pages promise dispatch within 6-8 days of payment: the promise counts the last of them. */
export const DISPATCH_DAYS = 8;
/** A courier's usual time across India once it has the parcel, until a courier quotes its own. */
export const TRANSIT_DAYS = 4;

export interface DeliveryFacts {
  /** When the order was paid (or, before paying, now). */
  orderedAt: Date | string;
  /** The day promised for the pincode before paying ("2026-11-27", docs/product.md#delivery-promise). */
  promisedDate?: string | null;
  /** The courier's own estimate once the parcel is booked; it replaces the promise. */
  courierEstimate?: Date | string | null;
}

/** What an order says about its delivery day before a courier quotes one. */
export type DeliveryPromiseFacts = Pick<DeliveryFacts, 'orderedAt' | 'promisedDate'>;

/** An order's facts for its delivery day: paid (or, unpaid, placed) at, and the day promised at checkout. */
export function promiseFactsOf(order: {
  paidAt: string | null;
  createdAt: string;
  promisedDeliveryDate: string | null;
}): DeliveryPromiseFacts {
  return { orderedAt: order.paidAt ?? order.createdAt, promisedDate: order.promisedDeliveryDate };
}

/**
 * The day the parcel is expected: the courier's estimate once there is one, else the day promised for the
 * pincode at checkout, else (orders placed before promises were kept) dispatch plus transit.
 */
export function expectedDeliveryDate({ orderedAt, promisedDate, courierEstimate }: DeliveryFacts): Date {
  if (courierEstimate) return new Date(courierEstimate);
  // Midday in India: the promised day whatever the time zone it is later shown in.
  if (promisedDate) return new Date(`${promisedDate}T12:00:00+05:30`);
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

/**
 * How the courier's day compares with the day promised at checkout, by India's calendar: undefined while there is
 * only one of them, or both name the same day.
 */
export function arrivalChange({
  promisedDate,
  courierEstimate,
}: DeliveryFacts): 'earlier' | 'later' | undefined {
  if (!promisedDate || !courierEstimate) return undefined;
  const courierDay = indiaToday(new Date(courierEstimate));
  if (courierDay === promisedDate) return undefined;
  return courierDay < promisedDate ? 'earlier' : 'later';
}

/**
 * "Arriving Saturday, 29 Nov"; once the courier's day differs from the one promised at checkout, that day with a
 * word on what changed, "Arriving earlier: Thursday, 26 Nov" (docs/product.md#delivery-date: never two days
 * without a reason).
 */
export function arrivalText(facts: DeliveryFacts): string {
  const change = arrivalChange(facts);
  const day = formatArrivalDay(expectedDeliveryDate(facts));
  return change ? `Arriving ${change}: ${day}` : `Arriving ${day}`;
}

// docs/product.md#delivery-promise: before paying, the promise for a pincode is the shop's dispatch days plus
// the courier's own days, counted in calendar days from today in India.

export const deliveryMessages = {
  pincodeInvalid: 'Pincode must be 6 digits',
  unserviceable: (pincode: string) => `We don't deliver to ${pincode} yet`,
  checkoutUnserviceable: (pincode: string) =>
    `We don't deliver to ${pincode} yet. Please change the delivery address to a pincode we deliver to.`,
  stateMismatch: (pincode: string, pincodeStates: string, chosenState: string) =>
    `Pincode ${pincode} is in ${pincodeStates}, not ${chosenState}. Please check the address.`,
} as const;

/**
 * What GET /api/delivery/{pincode} answers (docs/product.md#delivery-promise), with the city and state India
 * Post's directory gives the pincode (docs/product.md#pincode-directory).
 */
export type DeliveryPromise = (
  | { pincode: string; serviceable: true; deliverBy: string; label: string }
  | { pincode: string; serviceable: false; label: string }
) & { city?: string; state?: string };

const istDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: IST,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in India, "2026-11-23", however late it is in UTC. */
export function indiaToday(now: Date): string {
  return istDate.format(now);
}

/** "2026-11-23" plus whole days, as a date: calendar days, weekends and holidays included. */
export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The day a parcel ordered now arrives: today in India, plus the shop's dispatch days, plus the courier's. */
export function promisedDeliveryDate(now: Date, dispatchDays: number, courierDays: number): string {
  return addDays(indiaToday(now), dispatchDays + courierDays);
}

// Fixed names rather than Intl's: browsers' and Node's ICU differ ("Sep" or "Sept"), and the server's
// rendered page must match the browser's.
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Delivery by Thu, 27 Nov" for the date "2026-11-27". */
export function deliveryByLabel(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return `Delivery by ${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

/**
 * docs/product.md#delivery-promise: the warning when the address's pincode lies outside its chosen state;
 * undefined when they agree, or when either is unknown to us (nothing to say).
 */
export function pincodeStateWarning(pincode: string, stateName: string): string | undefined {
  const chosen = stateByName(stateName.trim());
  const possible = statesForPincode(pincode.trim());
  if (!chosen || possible.length === 0) return undefined;
  if (possible.some((state) => state.code === chosen.code)) return undefined;
  const names = possible.map((state) => state.name).join(' or ');
  return deliveryMessages.stateMismatch(pincode.trim(), names, chosen.name);
}
