// docs/product.md#returns: returns and replacements after delivery. The rules the return flows (not built yet)
// will follow: reasons, statuses, settings and every text a shopper or the owner reads about a return.

export const returnReasons = [
  'damaged_in_transit',
  'wrong_item',
  'not_as_described',
  'changed_my_mind',
  'other',
] as const;
export type ReturnReason = (typeof returnReasons)[number];

export const returnReasonLabels: Record<ReturnReason, string> = {
  damaged_in_transit: 'Damaged in transit',
  wrong_item: 'Wrong item',
  not_as_described: 'Not as described',
  changed_my_mind: 'Changed my mind',
  other: 'Other',
};

/** A replacement is offered for these reasons only; the others are refunded. */
export const REPLACEMENT_REASONS: ReadonlySet<ReturnReason> = new Set(['damaged_in_transit', 'wrong_item']);
/** These reasons need at least one photo. */
export const PHOTO_REQUIRED_REASONS: ReadonlySet<ReturnReason> = new Set(['damaged_in_transit']);

export const returnResolutions = ['refund', 'replacement'] as const;
export type ReturnResolution = (typeof returnResolutions)[number];

export const MAX_RETURN_PHOTOS = 3;
export const MAX_RETURN_NOTE_LENGTH = 500;

/** The owner's return settings (docs/product.md#returns); the defaults until the console sets them. */
export interface ReturnSettings {
  /** Days after delivery a return may be asked for (the policies and checkout say the same number). */
  windowDays: number;
  /** Whether "changed my mind" is a reason the shop accepts. */
  changedMindAccepted: boolean;
  /** Taken off a changed-my-mind refund for the return shipping; 0 takes nothing. */
  changedMindDeductionPaise: number;
}

export const DEFAULT_RETURN_SETTINGS: ReturnSettings = {
  windowDays: 7,
  changedMindAccepted: true,
  changedMindDeductionPaise: 0,
};

export const returnStatuses = [
  'requested',
  'refused',
  'approved',
  'pickup_booked',
  'pickup_failed',
  'picked_up',
  'lost',
  'received',
  'refund_pending',
  'refund_failed',
  'refunded',
  'replacement_shipped',
  'closed',
] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

/** What the shopper and the owner read for each status. */
export const returnStatusLabels: Record<ReturnStatus, string> = {
  requested: 'Return requested',
  refused: 'Return refused',
  approved: 'Return approved',
  pickup_booked: 'Pickup booked',
  pickup_failed: 'Pickup failed',
  picked_up: 'Picked up',
  lost: 'Lost by the courier',
  received: 'Received',
  refund_pending: 'Refund started',
  refund_failed: 'Refund failed',
  refunded: 'Refunded',
  replacement_shipped: 'Replacement shipped',
  closed: 'Closed',
};

/** The messages (e-mail or SMS) a shopper gets about a return, one a step. */
export const returnMessageKinds = [
  'return_requested',
  'return_approved',
  'return_refused',
  'return_pickup_booked',
  'return_pickup_failed',
  'return_picked_up',
  'return_received',
  'return_refunded',
  'replacement_shipped',
] as const;
export type ReturnMessageKind = (typeof returnMessageKinds)[number];

/** Returns the owner must look at (docs/product.md#returns-attention). */
export const returnAttentionReasons = [
  'return_pickup_failed',
  'return_pickup_overdue',
  'return_parcel_lost',
  'return_settlement_overdue',
  'return_refund_failed',
] as const;
export type ReturnAttentionReason = (typeof returnAttentionReasons)[number];

/** A UPI ID (virtual payment address): a COD order's refund goes there. */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z]{2,64}$/;

export const returnMessages = {
  // Why "Return or replace" is not offered on an order (shown in its place).
  notDelivered: 'Returns open once your order is delivered.',
  orderCancelled: 'A cancelled order cannot be returned.',
  windowClosed: (lastDay: string, days: number) =>
    `Returns for this order closed on ${lastDay}: items can be returned within ${days} days of delivery.`,
  allReturned: 'Every item of this order has already been returned or is on its way back.',

  // Refusals of a return request.
  noItems: 'Choose at least one item to return.',
  unknownItem: 'That item is not part of this order.',
  alreadyReturned: (title: string) => `${title} has already been returned.`,
  tooManyUnits: (title: string, left: number) =>
    `Only ${left} of ${title} can still be returned. Please lower the quantity.`,
  reasonRequired: 'Choose why you are returning the items.',
  photosRequired: 'Please add at least one photo of the damage.',
  tooManyPhotos: `You can add up to ${MAX_RETURN_PHOTOS} photos.`,
  noteTooLong: `Please keep the note under ${MAX_RETURN_NOTE_LENGTH} characters.`,
  replacementNotOffered:
    'A replacement is offered only for items damaged in transit or a wrong item. Please choose a refund.',
  changedMindNotAccepted:
    'We do not accept returns because of a change of mind. If another reason applies, please choose it.',
  nothingToRefund: 'These items were a free replacement: please ask for a replacement instead.',
  deductionTakesAll:
    'The return shipping costs as much as these items, so nothing would be refunded. Please keep them or contact us.',
  upiInvalid: 'Enter the UPI ID your refund should go to, like name@bank.',

  // Refusals of the owner's actions on a return.
  notFound: 'This return does not exist.',
  notApproved: 'Approve this return before marking it received.',
  notAwaitingDecision: 'This return is no longer waiting for a decision.',
  pickupBooked: 'A pickup is booked for this return: wait for the courier, or for the pickup to fail.',
  alreadyCollected: 'The courier has already collected this return: wait for it to arrive.',
  notReceived: 'Mark this return received before refunding it or sending the replacement.',
  refundNotAsked: 'The shopper asked for a replacement, not a refund.',
  replacementNotAsked: 'The shopper asked for a refund, not a replacement.',
  replacementOutOfStock: 'Not enough stock to send the replacement yet.',
  onlyFailedPickupCloses: 'Only a return whose pickup failed can be closed without a refund.',
  finished: 'This return is finished: nothing more can be done to it.',
} as const;
