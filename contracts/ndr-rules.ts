// docs/product.md#failed-deliveries: a courier's failed delivery attempt (a non-delivery report, NDR), what the
// shopper and the owner may do about it, and the words they read. Without zod, so the shop's page stays small;
// contracts/ndr.ts adds the HTTP shapes the server checks.

/** Couriers make at most this many delivery attempts; a report left without an action then goes back (RTO). */
export const NDR_MAX_ATTEMPTS = 3;
/** A re-attempt may be asked for one of the next this many days (India's calendar days, from tomorrow). */
export const NDR_REATTEMPT_DAYS = 3;
/** A landmark or corrected address line added to a re-attempt. */
export const NDR_ADDRESS_LINE_MAX_LENGTH = 100;
/** How long the link in the shopper's message works. */
export const NDR_LINK_DAYS = 7;
/** The header that carries the message's link token, instead of a session. */
export const NDR_LINK_HEADER = 'x-delivery-link';

/** Why the courier could not deliver, as we group the courier's reasons. */
export const ndrReasons = [
  'customer_unavailable',
  'address_issue',
  'customer_refused',
  'future_delivery',
  'phone_unreachable',
  'cod_not_ready',
  'other',
] as const;
export type NdrReason = (typeof ndrReasons)[number];

export const ndrReasonLabels: Record<NdrReason, string> = {
  customer_unavailable: 'Nobody was available to receive the parcel',
  address_issue: 'The courier could not find the address',
  customer_refused: 'The parcel was refused at the door',
  future_delivery: 'Delivery was asked for another day',
  phone_unreachable: 'The courier could not reach your phone',
  cod_not_ready: 'The cash for the parcel was not ready',
  other: 'The courier could not deliver the parcel',
};

/**
 * Where a report stands. `action_needed`: the courier waits for a choice (the shopper's, the owner's, or the
 * default at the deadline). `reattempt_requested` / `return_requested`: a choice was sent to the courier.
 * It ends `delivered` (a later attempt succeeded) or `returned` (the parcel went back to us).
 */
export const ndrStatuses = [
  'action_needed',
  'reattempt_requested',
  'return_requested',
  'delivered',
  'returned',
] as const;
export type NdrStatus = (typeof ndrStatuses)[number];

export const ndrStatusLabels: Record<NdrStatus, string> = {
  action_needed: 'Waiting for a choice',
  reattempt_requested: 'Delivering again',
  return_requested: 'Coming back to us',
  delivered: 'Delivered',
  returned: 'Returned to us',
};

export const ndrActions = ['reattempt', 'return'] as const;
export type NdrAction = (typeof ndrActions)[number];

/** Who chose: the shopper from the link or My Orders, a staff member after a call, or the default at the deadline. */
export const ndrDeciders = ['shopper', 'staff', 'default'] as const;
export type NdrDecider = (typeof ndrDeciders)[number];

/** The shopper's (or the owner's) choice, as the page sends it. `date` is YYYY-MM-DD, one of `NdrView.dates`. */
export type NdrChoice =
  | { action: 'reattempt'; date: string; phone?: string; addressLine?: string }
  | { action: 'return' };

/** A choice as it was recorded. */
export interface NdrChoiceView {
  action: NdrAction;
  date: string | null;
  phone: string | null;
  addressLine: string | null;
  by: NdrDecider;
  at: string;
}

/**
 * GET /api/delivery-issue (the link's token in `x-delivery-link`) and GET /api/orders/:orderId/delivery-issue (the
 * signed-in shopper's own order): the latest report of the order's parcel. POST …/choice answers the same view.
 */
export interface NdrView {
  orderId: string;
  orderNumber: string;
  paymentMethod: 'cod' | 'online';
  reason: NdrReason;
  /** The courier's own words, as sent. */
  courierRemark: string | null;
  attempts: number;
  maxAttempts: number;
  attemptedAt: string;
  /** After this, the owner's default is taken (re-attempt once, then return). */
  respondBy: string;
  status: NdrStatus;
  choice: NdrChoiceView | null;
  /** The days a re-attempt may be asked for (YYYY-MM-DD, India's calendar). */
  dates: string[];
  /** The delivery phone and address as on the order; the pincode cannot change. */
  phone: string;
  address: { line: string; city: string; state: string; pincode: string };
  canChoose: boolean;
}

/** A failed delivery as an order view (My Orders, the order page) carries it: null when there was none. */
export interface OrderDeliveryIssue {
  status: NdrStatus;
  reason: NdrReason;
  attempts: number;
  maxAttempts: number;
  /** The day a re-attempt was asked for, when one was. */
  reattemptDate: string | null;
  respondBy: string;
  canChoose: boolean;
}

/** GET /api/admin/ndr?state=open|closed: the console's queue (open: action_needed first, by deadline). */
export interface AdminNdrRow {
  id: string;
  orderId: string;
  orderNumber: string;
  customerName: string;
  phone: string;
  awb: string;
  courierName: string | null;
  pincode: string;
  paymentMethod: 'cod' | 'online';
  reason: NdrReason;
  courierRemark: string | null;
  attempts: number;
  raisedAt: string;
  respondBy: string;
  status: NdrStatus;
  choice: NdrChoiceView | null;
  /** When the choice reached the courier (Shiprocket's NDR action), null until then. */
  sentToCourierAt: string | null;
}

export const ndrQueueStates = ['open', 'closed'] as const;
export type NdrQueueState = (typeof ndrQueueStates)[number];

/** POST /api/admin/ndr/:id/action: a staff member's choice for the shopper, after a call; the note is audited. */
export type AdminNdrAction = NdrChoice & { note: string };
export const NDR_NOTE_MAX_LENGTH = 300;

/** One courier's or pincode's delivered parcels and failures over the period. Rates are 0-1, null with no parcels. */
export interface NdrRate {
  key: string;
  shipments: number;
  ndrs: number;
  rtos: number;
  ndrRate: number | null;
  rtoRate: number | null;
}

/** GET /api/admin/ndr/rates?days=30: the dashboard's NDR and RTO rates, worst first (at most 10 pincodes). */
export interface NdrRates {
  days: number;
  byCourier: NdrRate[];
  byPincode: NdrRate[];
}

/** The path of the page the shopper's message links to. */
export function ndrLinkPath(token: string): string {
  return `/delivery?token=${encodeURIComponent(token)}`;
}

/** The same page for a signed-in shopper's own order (from My Orders). */
export function ndrOrderPath(orderId: string): string {
  return `/delivery?order=${encodeURIComponent(orderId)}`;
}

/** The words of the page, its refusals (4xx) and its confirmations. */
export const ndrMessages = {
  pageTitle: 'Your delivery',
  deliverAgain: 'Deliver again',
  sendBack: 'Cancel the order',
  chooseDay: 'Choose a day',
  phoneLabel: 'Phone for the courier',
  addressLineLabel: 'Landmark or address line',
  pincodeFixed: 'The pincode cannot change.',
  codNothingToPay: 'Nothing to pay: the parcel comes back to us and the order is cancelled.',
  prepaidRefund: 'The parcel comes back to us; your payment is refunded in full when it arrives.',
  reattemptChosen: 'Thank you. The courier will deliver again on {date}.',
  returnChosen: 'The order will be cancelled when the parcel is back with us.',
  dateNotOffered: `Please choose one of the next ${NDR_REATTEMPT_DAYS} days.`,
  addressLineTooLong: `Please keep the landmark or address line to ${NDR_ADDRESS_LINE_MAX_LENGTH} characters.`,
  alreadyChosen: 'A choice was made already for this delivery.',
  tooLate: 'The time to choose has passed.',
  noIssue: 'This order has no failed delivery to act on.',
  linkExpired: 'This link has expired. Please open the order in My Orders.',
  noteRequired: `Please write what was agreed on the call (at most ${NDR_NOTE_MAX_LENGTH} characters).`,
  // The pages' own words (docs/product.md#failed-deliveries, Pages).
  whatHappened: 'What happened',
  courierRemark: 'The courier’s note',
  attemptOf: 'Delivery attempt {attempts} of {max}',
  chooseBy: 'Please choose by {deadline} ({left}).',
  defaultAtDeadline:
    'With no choice by then, the courier tries once more, and after that the parcel comes back to us.',
  choiceHeading: 'Your choice',
  choiceReattempt: 'Deliver again on {date}',
  choiceReturn: 'Send the parcel back and cancel the order',
  chosenByShopper: 'Chosen by you on {at}.',
  chosenByStaff: 'Chosen by our team on {at}, after a call with you.',
  chosenByDefault: 'Chosen on {at}: no choice came by the deadline.',
  chooseAction: 'Choose what happens',
  actForShopper: 'Act for the shopper',
  noteLabel: 'What was agreed on the call',
  pastDeadline: 'Past the deadline',
} as const;
