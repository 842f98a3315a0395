import { z } from 'zod';
import { AddressSchema } from './auth';

export { DEFAULT_RETURN_SETTINGS, type ReturnSettings } from './return-rules';

// docs/product.md#returns: returns and replacements after delivery: reasons, statuses, settings, the HTTP
// shapes, and every text a shopper or the owner reads about a return.

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
  'return_courier_exception',
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
  // docs/product.md#returns: the courier brings a return to the seller's address in the settings, never another.
  returnAddressMissing: (missing: string[]) =>
    `Fill in ${missing.join(', ')} in Settings first: the courier brings the return there.`,
} as const;

/** What the shopper reads once a step is done, and the owner once an action is. */
export const returnReplies = {
  requested: 'Your return request is in. We will reply within a day.',
  photoAdded: 'Photo added.',
  approved: 'Return approved: the reverse pickup is being booked.',
  refused: 'Return refused: the shopper has been told why.',
  settledWithoutPickup: 'Settled without a pickup.',
  received: 'Marked received.',
  refundStarted: 'Refund started.',
  refundRefused: 'Razorpay refused the refund: it is marked failed. Try again later.',
  payoutFailed:
    'The payout to the shopper’s UPI ID failed: it is marked failed. Check the UPI ID and try again.',
  providerUnavailable: 'The payment provider did not answer: nothing was refunded. Try again in a minute.',
  replacementSent: 'Replacement order made: its parcel is being booked.',
  closed: 'Return closed: nothing came back, nothing was refunded.',
  settingsSaved: 'Return settings saved.',
  refusalReasonRequired: 'Tell the shopper why the return is refused.',
  photoNotAnImage: 'That file is not a photo: please choose a JPEG, PNG or WebP picture.',
  photoTooLarge: 'That photo is over 8 MB: please choose a smaller one.',
  photoTooManyPixels: 'That photo is over 50 megapixels: please choose a smaller one.',
  photoTooSlow: 'That photo took too long to read: please choose a smaller one.',
  photoUnknown: 'One of the photos was not uploaded for this order: please add it again.',
  photoNotFound: 'This photo does not exist.',
  orderNotFound: 'We could not find that order.',
  windowDaysRange: 'Please give the return window as a whole number of days from 1 to 60.',
  deductionRange: 'Please give the return-shipping deduction in rupees, from 0 to 1,00,000.',
} as const;

/** The shopper's and the owner's words for each step, by e-mail (subject, text) or SMS (text). */
export const returnMessageTexts: Record<ReturnMessageKind, { subject: string; text: string }> = {
  return_requested: {
    subject: 'We have your return request',
    text: 'We have your request to return items of your order {order}. We will reply within a day.',
  },
  return_approved: {
    subject: 'Your return is approved',
    text: 'Your return for order {order} is approved. We are booking a courier to collect the items.',
  },
  return_refused: {
    subject: 'About your return request',
    text: 'We cannot accept the return for order {order}: {reason}',
  },
  return_pickup_booked: {
    subject: 'Your return pickup is booked',
    text: 'A courier will collect the items of your return for order {order} (AWB {awb}). Please keep them packed.',
  },
  return_pickup_failed: {
    subject: 'Your return pickup did not happen',
    text: 'The courier could not collect your return for order {order}. We will arrange it again and let you know.',
  },
  return_picked_up: {
    subject: 'Your return is on its way to us',
    text: 'The courier has collected your return for order {order}.',
  },
  return_received: {
    subject: 'We received your return',
    text: 'Your return for order {order} has reached us and been checked.',
  },
  return_refunded: {
    subject: 'Your return is refunded',
    text: 'We have refunded {amount} for your return of order {order}. It takes 6-8 days to reach you.',
  },
  replacement_shipped: {
    subject: 'Your replacement is on its way',
    text: 'Your replacement order {replacement} for order {order} is being packed and will ship soon.',
  },
};

// HTTP shapes (docs/product.md#http-api).

export const ReturnReasonSchema = z.enum(returnReasons);
export const ReturnStatusSchema = z.enum(returnStatuses);

export const ReturnRequestBodySchema = z.object({
  lines: z.array(z.object({ lineId: z.string(), units: z.number().int() })).max(50),
  reason: ReturnReasonSchema.optional(),
  resolution: z.enum(returnResolutions),
  note: z.string().max(2000).optional(),
  photoIds: z.array(z.string()).max(10).default([]),
  /** A cash-on-delivery order's refund goes here. */
  upiId: z.string().max(300).optional(),
  /** Where the courier collects the parcel; the delivery address when absent. */
  pickupAddress: AddressSchema.optional(),
});
export type ReturnRequestBody = z.infer<typeof ReturnRequestBodySchema>;

/** A return photo's two files: the full view and the thumbnail (docs/architecture.md#return-photos). */
export const RETURN_PHOTO_WIDTHS = [400, 800] as const;
export type ReturnPhotoWidth = (typeof RETURN_PHOTO_WIDTHS)[number];

/** Where a return photo is read: by the shopper who sent it, or by the shop's staff (never a public URL). */
export const returnPhotoPaths = {
  shopper: (orderId: string, photoId: string, width: ReturnPhotoWidth) =>
    `/api/orders/${orderId}/return-photos/${photoId}/${width}`,
  staff: (photoId: string, width: ReturnPhotoWidth) => `/api/admin/return-photos/${photoId}/${width}`,
};

export const ReturnPhotoSchema = z.object({ photoId: z.string(), url: z.string(), thumbnailUrl: z.string() });
export type ReturnPhoto = z.infer<typeof ReturnPhotoSchema>;

export const ReturnStepSchema = z.object({
  status: ReturnStatusSchema,
  label: z.string(),
  at: z.string(),
  detail: z.string().nullable(),
});

export const ReturnViewSchema = z.object({
  returnId: z.string(),
  number: z.string().describe('Short reference, RT-XXXXXXXX'),
  orderId: z.string(),
  orderNumber: z.string(),
  status: ReturnStatusSchema,
  statusLabel: z.string(),
  resolution: z.enum(returnResolutions),
  reason: ReturnReasonSchema,
  reasonLabel: z.string(),
  note: z.string(),
  refusalReason: z.string().nullable(),
  lines: z.array(
    z.object({
      lineId: z.string(),
      title: z.string(),
      size: z.string(),
      image: z.string(),
      units: z.number(),
      paidPaise: z.number(),
    }),
  ),
  paidPaise: z.number(),
  deductionPaise: z.number(),
  refundPaise: z.number(),
  photos: z.array(ReturnPhotoSchema),
  paymentMethod: z.string(),
  upiId: z.string().nullable(),
  pickupAddress: AddressSchema,
  awbCode: z.string().nullable(),
  courierName: z.string().nullable(),
  parcelStatus: z.string().nullable(),
  quality: z.enum(['resellable', 'not_resellable']).nullable(),
  replacementOrder: z.object({ orderId: z.string(), orderNumber: z.string() }).nullable(),
  steps: z.array(ReturnStepSchema),
  createdAt: z.string(),
});
export type ReturnView = z.infer<typeof ReturnViewSchema>;

export const ReturnOfferSchema = z.discriminatedUnion('offered', [
  z.object({
    offered: z.literal(true),
    closesAt: z.string(),
    lastDay: z.string(),
    windowDays: z.number(),
    /** Each line with units still returnable: how many, and what it is. */
    returnable: z.array(
      z.object({
        lineId: z.string(),
        units: z.number(),
        title: z.string(),
        size: z.string(),
        image: z.string(),
      }),
    ),
    changedMindAccepted: z.boolean(),
    changedMindDeductionPaise: z.number(),
    /** A cash-on-delivery order: the refund goes to a UPI ID the shopper gives. */
    needsUpiId: z.boolean(),
  }),
  z.object({ offered: z.literal(false), message: z.string() }),
]);
export type ReturnOfferView = z.infer<typeof ReturnOfferSchema>;

export const OrderReturnsReplySchema = z.object({
  offer: ReturnOfferSchema,
  returns: z.array(ReturnViewSchema),
  /** This order is a replacement of that one. */
  replacementOf: z.object({ orderId: z.string(), orderNumber: z.string() }).nullable(),
});
export type OrderReturnsReply = z.infer<typeof OrderReturnsReplySchema>;

export const ReturnReplySchema = z.object({ message: z.string(), return: ReturnViewSchema });
export type ReturnReply = z.infer<typeof ReturnReplySchema>;

export const ReturnPhotoReplySchema = z.object({ message: z.string(), photo: ReturnPhotoSchema });

// The console.

export const returnAgeFilters = ['any', 'over_1_day', 'over_3_days', 'over_7_days'] as const;
export const AdminReturnsQuerySchema = z.object({
  status: ReturnStatusSchema.optional(),
  age: z.enum(returnAgeFilters).default('any'),
});

export const AdminReturnSummarySchema = z.object({
  returnId: z.string(),
  number: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  shopperName: z.string(),
  status: ReturnStatusSchema,
  statusLabel: z.string(),
  resolution: z.enum(returnResolutions),
  reasonLabel: z.string(),
  units: z.number(),
  refundPaise: z.number(),
  createdAt: z.string(),
});
export type AdminReturnSummary = z.infer<typeof AdminReturnSummarySchema>;
export const AdminReturnsReplySchema = z.object({ returns: z.array(AdminReturnSummarySchema) });

export const AdminReturnDetailSchema = z.object({
  return: ReturnViewSchema,
  shopper: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  orderTimeline: z.array(z.object({ field: z.string(), to: z.string(), at: z.string() })),
  attention: z.array(z.object({ reason: z.string(), text: z.string(), since: z.string() })),
  /** The actions the return's status allows now. */
  actions: z.array(
    z.enum(['approve', 'refuse', 'approve_without_pickup', 'receive', 'refund', 'send_replacement', 'close']),
  ),
});
export type AdminReturnDetail = z.infer<typeof AdminReturnDetailSchema>;

export const RefuseReturnBodySchema = z.object({ reason: z.string().trim().min(1).max(500) });
export const ReceiveReturnBodySchema = z.object({ quality: z.enum(['resellable', 'not_resellable']) });

export const ReturnSettingsSchema = z.object({
  windowDays: z.number().int().min(1, returnReplies.windowDaysRange).max(60, returnReplies.windowDaysRange),
  changedMindAccepted: z.boolean(),
  changedMindDeductionPaise: z
    .number()
    .int()
    .min(0, returnReplies.deductionRange)
    .max(10_000_000, returnReplies.deductionRange),
});
export const ReturnSettingsReplySchema = z.object({ message: z.string(), settings: ReturnSettingsSchema });

/** A return's short reference, as the shopper and the owner see it. */
export function returnNumberOf(returnId: string): string {
  return `RT-${returnId.slice(0, 8).toUpperCase()}`;
}
