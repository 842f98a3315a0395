import { z } from 'zod';
import { orderStatuses } from './order-status';

export { AdminNoteBodySchema, AdminRefundBodySchema } from './admin-order-bodies';

import {
  attentionReasons,
  OrderSchema,
  orderEmailKinds,
  orderPaymentStatuses,
  ShipmentEventSchema,
} from './orders';

// docs/product.md#http-api: the console's orders API under /api/admin.

export const adminOrderMessages = {
  orderNotFound: 'We could not find that order.',
  badCursor: 'That page link has expired. Please start from the first page.',
  badDate: 'Please give dates as YYYY-MM-DD.',
  rangeBackwards: 'The start date must not be after the end date.',
  csvRangeRequired: 'Please choose the days to export (from and to).',
  csvRangeTooLong: 'Please export at most 366 days at a time.',
  idempotencyKeyRequired:
    'Please send an Idempotency-Key header (10 to 64 letters, digits, - or _) so that a repeated request refunds once.',
  notPaid: 'This order has no payment to refund.',
  exceedsRefundable: (left: string) => `You can refund at most ${left} on this order.`,
  nothingLeft: 'This order has been refunded in full already.',
  refundRefusedByRazorpay: 'Razorpay refused this refund. Please check the amount and try again.',
  refundKeyReused: 'This Idempotency-Key was used for a different refund. Please use a new one.',
  razorpayUnavailable: 'Razorpay could not be reached. Nothing was refunded; please try again in a minute.',
  refunded: (amount: string) => `${amount} is being refunded to the shopper's original payment method.`,
  refundRepeated: 'This refund was made already; nothing more was refunded.',
  cancelled: 'The order is cancelled and its payment refunded in full.',
  alreadyCancelled: 'The order was already cancelled.',
  shipmentNotShippable: 'Only a paid order that is not cancelled can be shipped.',
  shipmentAlreadyBooked: 'This parcel is booked already; there is nothing to retry.',
  shipmentCancelledByCourier:
    'The courier cancelled this parcel. Book it again in the Shiprocket panel, or cancel the order.',
  shipmentRetryRunning:
    'A shipment booking for this order is already under way. Please wait for it to finish.',
  shipmentRetryQueued: 'The shipment booking will be tried again in a moment.',
  shipmentWaitsForStock: 'This order is waiting for stock: restock its products, then use Ship late.',
  emailNeverSent: 'This message was never sent for this order, so it cannot be sent again.',
  emailResent: 'The message will be sent again in a moment.',
  noteAdded: 'Note added.',
  noteKeyRequired:
    'Please send an Idempotency-Key header (10 to 64 letters, digits, - or _) so that a repeated request adds the note once.',
  noteKeyReused: 'This Idempotency-Key was used for a different note. Please use a new one.',
} as const;

/**
 * docs/product.md#console-pages: the actions on an order the console may offer. The order's reply lists those its
 * state allows now (the lifecycle decides); the console shows those the member's role may take.
 */
export const consoleOrderActions = [
  'ship_late',
  'confirm_cod',
  'refund',
  'cancel',
  'retry_shipment',
  'resend_message',
  'add_note',
] as const;
export type ConsoleOrderAction = (typeof consoleOrderActions)[number];

export const AdminOrderIdParamsSchema = z.object({
  id: z.uuid({ message: adminOrderMessages.orderNotFound }),
});

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, adminOrderMessages.badDate)
  // A day that does not exist (2024-02-30) would roll over in Date.parse and fail in PostgreSQL.
  .refine((value) => {
    const parsed = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed) && new Date(parsed).toISOString().slice(0, 10) === value;
  }, adminOrderMessages.badDate);

export const AdminOrdersQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('Order number, e-mail, phone, AWB or Razorpay payment id'),
  status: z.enum(orderStatuses).optional(),
  paymentStatus: z.enum(orderPaymentStatuses).optional(),
  from: isoDay.optional().describe('First day (IST), YYYY-MM-DD'),
  to: isoDay.optional().describe('Last day (IST), YYYY-MM-DD, included'),
  after: z.string().max(200).optional().describe('The `next` cursor of the previous page'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

export const AdminOrderSummarySchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.enum(orderStatuses),
  paymentStatus: z.enum(orderPaymentStatuses),
  totalPaise: z.number().int(),
  shopperName: z.string(),
  email: z.string(),
  phone: z.string(),
  createdAt: z.string(),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummarySchema>;

export const AdminOrdersReplySchema = z.object({
  orders: z.array(AdminOrderSummarySchema),
  next: z.string().nullable().describe('Pass as `after` for the next page; null on the last page'),
});

/**
 * docs/operations.md#exports: the orders and items CSVs take the list's filters over a range of IST days; with no
 * `paymentStatus` they hold only placed orders (paid at some point), never abandoned checkouts.
 */
export const AdminOrdersCsvQuerySchema = AdminOrdersQuerySchema.pick({
  q: true,
  status: true,
  paymentStatus: true,
}).extend({
  from: isoDay.describe('First day (IST), YYYY-MM-DD'),
  to: isoDay.describe('Last day (IST), YYYY-MM-DD, included'),
});
export type AdminOrdersCsvQuery = z.infer<typeof AdminOrdersCsvQuerySchema>;

export const timelineKinds = [
  'status',
  'payment',
  'refund',
  'webhook',
  'job',
  'message',
  'staff',
  'note',
  'scan',
] as const;

export const TimelineEntrySchema = z.object({
  at: z.string().describe('ISO 8601'),
  kind: z.enum(timelineKinds),
  summary: z.string(),
  actor: z.string().nullable().describe('Who did it: a source (shopper, webhook, system...) or a staff name'),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

export const AdminPaymentSchema = z.object({
  razorpayPaymentId: z.string(),
  status: z.string(),
  amountPaise: z.number().int(),
  amountRefundedPaise: z.number().int(),
  method: z.string().nullable(),
  createdAt: z.string(),
});

export const AdminRefundSchema = z.object({
  razorpayRefundId: z.string(),
  razorpayPaymentId: z.string(),
  amountPaise: z.number().int(),
  status: z.string(),
  createdAt: z.string(),
});

export const AdminNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  staffName: z.string(),
  createdAt: z.string(),
});

export const AdminOrderDetailSchema = z.object({
  order: OrderSchema,
  shopper: z.object({
    userId: z.string().nullable(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    deliveryPhone: z.string().describe('The mobile the courier calls'),
  }),
  invoiceTax: z
    .object({ cgstPaise: z.number().int(), sgstPaise: z.number().int(), igstPaise: z.number().int() })
    .nullable()
    .describe("The GST the order's invoice charges (inside the prices); null before it is invoiced"),
  refundablePaise: z.number().int().describe('What a refund may still give back'),
  allowedActions: z
    .array(z.enum(consoleOrderActions))
    .describe(
      "The actions the order's state allows now, as the lifecycle decides; the role's rules apply too",
    ),
  sentMessages: z
    .array(z.enum(orderEmailKinds))
    .describe('The order messages the shopper was sent (e-mail or SMS): the ones staff may send again'),
  payments: z.array(AdminPaymentSchema),
  refunds: z.array(AdminRefundSchema),
  scans: z.array(ShipmentEventSchema),
  notes: z.array(AdminNoteSchema),
  attention: z.array(z.object({ reason: z.enum(attentionReasons), createdAt: z.string() })),
  timeline: z.array(TimelineEntrySchema).describe('Oldest first'),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

export const AdminActionReplySchema = z.object({ message: z.string(), order: AdminOrderDetailSchema });

export const idempotencyKeyPattern = /^[A-Za-z0-9_-]{10,64}$/;

/** The Idempotency-Key header of a console action that must happen once however often it is sent. */
function idempotencyKeyHeaders(message: string) {
  return z.object({ 'idempotency-key': z.string({ message }).regex(idempotencyKeyPattern, message) });
}

export const AdminRefundHeadersSchema = idempotencyKeyHeaders(adminOrderMessages.idempotencyKeyRequired);
export const AdminNoteHeadersSchema = idempotencyKeyHeaders(adminOrderMessages.noteKeyRequired);

export const AdminEmailParamsSchema = AdminOrderIdParamsSchema.extend({ kind: z.enum(orderEmailKinds) });

export const AttentionItemSchema = z.object({
  kind: z.enum(['order', 'security', 'remittance']),
  reason: z.string(),
  detail: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  since: z.string(),
});
export const AttentionReplySchema = z.object({ items: z.array(AttentionItemSchema) });

export const DashboardPeriodSchema = z.object({
  orders: z.number().int(),
  revenuePaise: z
    .number()
    .int()
    .describe('Paid totals (after discount codes) less refunds, of orders placed in the period'),
  averageOrderPaise: z.number().int(),
  couponDiscountPaise: z
    .number()
    .int()
    .describe("Discount codes' discounts on those orders, not counting those cancelled before shipping"),
});
/** docs/product.md#cod-remittances: cash on delivery at a glance. */
export const DashboardCodSchema = z.object({
  sharePercent: z
    .number()
    .describe('COD orders among the orders placed in the last 30 days (IST), in percent, one decimal'),
  rtoRatePercent: z
    .number()
    .describe(
      'COD orders of the last 30 days returned to origin, among those handed to the courier, in percent',
    ),
  outstandingPaise: z
    .number()
    .int()
    .describe('Cash the courier collected that Shiprocket has not remitted yet'),
});

export const DashboardReplySchema = z.object({
  today: DashboardPeriodSchema,
  last7Days: DashboardPeriodSchema,
  last30Days: DashboardPeriodSchema,
  cod: DashboardCodSchema,
  // docs/product.md#reviews-console: optional only so replies made before it still read; the server always sends it.
  newReviews: z.number().int().optional().describe('Reviews held for the owner to read (status pending)'),
});
export type DashboardPeriodKey = 'today' | 'last7Days' | 'last30Days';
export type DashboardReply = z.infer<typeof DashboardReplySchema>;
