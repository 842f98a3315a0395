import { z } from 'zod';
import { AddressSchema } from './auth';
import { sizes } from './cart';
import { NDR_MAX_ATTEMPTS, ndrReasons, ndrStatuses, type OrderDeliveryIssue } from './ndr-rules';
import { orderPaymentStatuses, orderStatuses } from './order-status';
import { shipmentStages } from './shipping';

export {
  type AttentionReason,
  attentionReasons,
  attentionReasonText,
  type OrderEmailKind,
  orderEmailKinds,
  orderPaymentStatuses,
} from './order-status';

export { paymentMessages } from './payment-messages';

// Ours: docs/product.md#stock. A checkout is refused when a product in the cart cannot be had; the owner's
// "ship late" is refused while a product of the paid order is still short.
export const stockMessages = {
  outOfStock: (title: string) => `Sorry, ${title} is out of stock. Please remove it from your cart.`,
  onlyFewLeft: (title: string, left: number) =>
    `Only ${left} of ${title} ${left === 1 ? 'is' : 'are'} left. Please lower the quantity in your cart.`,
  offSale: (title: string) => `${title} is no longer available. Please remove it from your cart.`,
  notEnoughToShip: (title: string, left: number, needed: number) =>
    `Not enough stock of ${title} yet: ${left} left, ${needed} needed.`,
  shipLateNotWaiting: 'This order is not waiting for stock.',
  shipLateQueued: 'The stock is taken and the parcel will be booked in a moment.',
} as const;

/**
 * docs/product.md#http-api POST /payment/create-order. Only `amount` (paise) is read, to catch a cart that changed under the
 * shopper's eyes; the items, total and addresses come from the server's cart and profile.
 */
export const CreatePaymentOrderBodySchema = z
  .object({
    amount: z.number().int().positive().optional(),
    currency: z.literal('INR', { error: 'Only INR payments are accepted.' }).optional(),
    // docs/product.md#whatsapp-consent: the checkout's "Send order updates on WhatsApp", off unless ticked.
    whatsappUpdates: z.boolean().optional(),
  })
  .default({});

export const CreatePaymentOrderReplySchema = z.object({
  id: z.string().describe("Razorpay's order id, for Checkout's order_id"),
  key: z.string().describe('The Razorpay key id Checkout opens with'),
  amount: z.number().int().describe('Paise'),
  currency: z.literal('INR'),
  orderId: z.string().describe('Our order id (also the Razorpay receipt)'),
});
export type CreatePaymentOrderReply = z.infer<typeof CreatePaymentOrderReplySchema>;

/** What Razorpay Checkout's `handler` received; other fields of the original client's order payload (docs/product.md#http-api) are ignored. */
export const PaymentResponseSchema = z.object({
  razorpay_payment_id: z.string().max(64).optional(),
  razorpay_order_id: z.string().max(64).optional(),
  razorpay_signature: z.string().max(256).optional(),
});
export type PaymentResponse = z.infer<typeof PaymentResponseSchema>;

export const OrderItemSchema = z.object({
  productId: z.number().int(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  sku: z.string(),
  category: z.string(),
  brand: z.string(),
  size: z.enum(sizes),
  quantity: z.number().int(),
  unitMrpPaise: z.number().int(),
  discountPercent: z.number().int(),
  unitPricePaise: z.number().int(),
  lineTotalPaise: z.number().int().describe('Unit price x quantity, before the coupon'),
  couponSharePaise: z
    .number()
    .int()
    .describe(
      "The line's part of the order's coupon discount (docs/product.md#money); what it was paid is the difference",
    ),
  prepaidSharePaise: z
    .number()
    .int()
    .describe(
      "The line's part of the order's prepaid offer (docs/product.md#prepaid-offer), off after the code's",
    ),
});

export const ShipmentSchema = z.object({
  shiprocketOrderId: z.string().nullable(),
  shiprocketShipmentId: z.string().nullable(),
  courierName: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingStatus: z.string().nullable(),
  estimatedDelivery: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  hasTracking: z.boolean(),
  hasCourier: z.boolean(),
  canTrack: z.boolean(),
});
export type Shipment = z.infer<typeof ShipmentSchema>;

/** One tracking scan of a parcel, as the courier reported it. */
export const ShipmentEventSchema = z.object({
  date: z.string().describe('When the scan happened (ISO 8601)'),
  status: z.string().describe("Shiprocket's status label at this scan"),
  statusCode: z.number().int().nullable().describe("Shiprocket's status id"),
  activity: z.string(),
  location: z.string(),
});
export type ShipmentEvent = z.infer<typeof ShipmentEventSchema>;

/** docs/product.md#failed-deliveries: a failed delivery as an order view carries it. */
export const OrderDeliveryIssueSchema = z
  .object({
    status: z.enum(ndrStatuses),
    reason: z.enum(ndrReasons),
    attempts: z.number().int(),
    maxAttempts: z.number().int().describe(`At most ${NDR_MAX_ATTEMPTS}`),
    reattemptDate: z
      .string()
      .nullable()
      .describe('The day a re-attempt was asked for (YYYY-MM-DD), when one was'),
    respondBy: z.string(),
    canChoose: z.boolean(),
  })
  .meta({ id: 'OrderDeliveryIssue' }) satisfies z.ZodType<OrderDeliveryIssue>;

/** The shipment as an order shows it: docs/product.md#entities Shipment details, plus what the tracking views need. */
export const ShipmentDetailsSchema = ShipmentSchema.extend({
  stage: z.enum(shipmentStages),
  courierTrackingUrl: z.string().nullable().describe('Where the shopper follows the parcel'),
  pickupScheduledAt: z.string().nullable(),
  lastUpdatedAt: z.string().nullable().describe('When tracking last reached us, by webhook or by polling'),
});
export type ShipmentDetails = z.infer<typeof ShipmentDetailsSchema>;

/**
 * docs/product.md#http-api GET /orders/shipment-updates/{id} (and track, refresh-tracking, check-shiprocket-updates): the
 * documented fields under each of the names the old client read; all null until the shipment exists. `error`
 * says why the latest tracking could not be fetched; the stored details are still sent.
 */
export const ShipmentUpdatesSchema = z
  .object({
    success: z.literal(true),
    orderId: z.string(),
    orderNumber: z.string(),
    orderStatus: z.enum(orderStatuses),
    shiprocketOrderId: z.string().nullable(),
    shiprocketShipmentId: z.string().nullable(),
    courierName: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    awbNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    courierTrackingUrl: z.string().nullable(),
    trackingStatus: z.string().nullable(),
    status: z.string().nullable(),
    shipmentStatus: z.string().nullable(),
    stage: z.enum(shipmentStages).nullable(),
    estimatedDelivery: z.string().nullable(),
    hasTracking: z.boolean(),
    hasCourier: z.boolean(),
    canTrack: z.boolean(),
    shipmentEvents: z.array(ShipmentEventSchema).describe('Newest first'),
    error: z.string().nullable(),
  })
  .meta({ id: 'ShipmentUpdates' });
export type ShipmentUpdates = z.infer<typeof ShipmentUpdatesSchema>;

/** A refund's progress as the shopper sees it; `scheduled` is ours: owed, not yet accepted by Razorpay. */
export const refundStatuses = ['scheduled', 'pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/**
 * The app's page of one order (web/lib/paths.ts order), which order messages link to: it shows the order's real
 * state, cancelled or paid (docs/product.md#order-messages).
 */
export function orderPagePath(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}`;
}

export const OrderSchema = z
  .object({
    _id: z.string(),
    orderId: z.string(),
    orderNumber: z.string().describe('Short reference shown to the shopper'),
    status: z.enum(orderStatuses),
    paymentStatus: z.enum(orderPaymentStatuses),
    paymentMethod: z.string(),
    paymentId: z.string().nullable().describe("Razorpay's payment id once paid"),
    razorpayOrderId: z.string().nullable(),
    mrpPaise: z.number().int(),
    subtotalPaise: z.number().int(),
    discountPaise: z.number().int(),
    couponCode: z
      .string()
      .nullable()
      .describe('The discount code the order used (docs/product.md#discount-codes)'),
    couponDiscountPaise: z.number().int().describe("The code's discount off the goods; 0 without one"),
    couponFreeShipping: z.boolean().describe('A free-shipping code made the shipping free'),
    prepaidDiscountPaise: z
      .number()
      .int()
      .describe(
        'What paying online took off the goods after the code (docs/product.md#prepaid-offer); 0 without',
      ),
    shippingPaise: z.number().int(),
    codFeePaise: z
      .number()
      .int()
      .describe('The cash-on-delivery fee, part of the total; 0 for an order paid online'),
    codConfirmBy: z
      .string()
      .nullable()
      .describe('A COD order: when it is cancelled unless confirmed; null for an order paid online'),
    codConfirmedAt: z.string().nullable().describe('A COD order: when it was confirmed'),
    codAdvancePaise: z
      .number()
      .int()
      .describe('A COD order: the advance it asks, paid online (docs/product.md#part-paid-cod); 0 without'),
    codAdvance: z
      .enum(['due', 'paid', 'refunded'])
      .nullable()
      .describe(
        'Where the advance stands: due (it confirms the order once paid), paid or refunded; null without',
      ),
    codCashPaise: z
      .number()
      .int()
      .describe(
        'A COD order: what the courier collects, the total less an advance paid online; 0 when paid online',
      ),
    taxPaise: z.number().int(),
    totalPaise: z.number().int(),
    paidPaise: z
      .number()
      .int()
      .describe('Money received for the order: its payment, or the cash the courier collected; 0 until then'),
    refundedPaise: z.number().int().describe('Money given back to the shopper so far'),
    refundStatus: z
      .enum(refundStatuses)
      .nullable()
      .describe(
        'scheduled: owed and being retried; pending: Razorpay is processing it; processed; failed. Null: no refund',
      ),
    currency: z.string(),
    items: z.array(OrderItemSchema),
    shippingAddress: AddressSchema,
    billingAddress: AddressSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
    paidAt: z.string().nullable(),
    promisedDeliveryDate: z
      .string()
      .nullable()
      .describe('The day promised at checkout for the pincode (2026-11-27); null on older orders'),
    deliveredAt: z
      .string()
      .nullable()
      .describe('A delivered order: when it became delivered (its status history); null for any other order'),
    shipment: ShipmentDetailsSchema.nullable(),
    canCancel: z
      .boolean()
      .describe('Whether POST /orders/cancel/{id} would cancel it now: not cancelled, and not yet picked up'),
    deliveryIssue: OrderDeliveryIssueSchema.nullable()
      .optional()
      .describe(
        'The latest failed delivery of its parcel (docs/product.md#failed-deliveries); null or absent: none',
      ),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof OrderSchema>;

/** docs/product.md#http-api POST /orders/create-with-payment: the shipment fields flat, and the order under `order`. */
export const OrderConfirmationSchema = ShipmentSchema.extend({
  success: z.literal(true),
  orderId: z.string(),
  paymentId: z.string(),
  order: OrderSchema,
});
export type OrderConfirmation = z.infer<typeof OrderConfirmationSchema>;

export const OrderReplySchema = z.object({ order: OrderSchema });
export const OrdersReplySchema = z.object({ orders: z.array(OrderSchema) });

/** GET /orders/my-orders-with-shipment: each order with its parcel's scans, newest first. */
export const OrderWithShipmentSchema = OrderSchema.extend({ shipmentEvents: z.array(ShipmentEventSchema) });
export const OrdersWithShipmentReplySchema = z.object({ orders: z.array(OrderWithShipmentSchema) });

export const PaymentSchema = z.object({
  paymentId: z.string(),
  orderId: z.string(),
  razorpayOrderId: z.string(),
  status: z.enum(['created', 'authorized', 'captured', 'failed', 'refunded']),
  amountPaise: z.number().int(),
  amountRefundedPaise: z.number().int(),
  currency: z.string(),
  method: z.string().nullable(),
  errorDescription: z.string().nullable(),
  createdAt: z.string(),
});
export const PaymentsReplySchema = z.object({ payments: z.array(PaymentSchema) });

export const PaymentStatusBodySchema = z.object({
  paymentStatus: z.string().max(40).optional(),
});

// Ours: the original client showed no texts for POST /orders/cancel/{id} (docs/product.md#http-api); ours are in docs/product.md#cancel-messages. Refund timing is the policy of docs/product.md#policies.
export const cancelMessages = {
  afterPickup: 'This order has already been picked up by the courier and can no longer be cancelled.',
  courierUnavailable:
    'We could not reach the courier to stop your parcel. Please try again in a few minutes.',
  bookingInProgress: 'Your parcel is being booked with the courier right now. Please try again in a minute.',
  refundDelayed:
    'Your order is cancelled, but we could not start your refund just now. We will retry it automatically and e-mail you once it is processed.',
  cancelled: 'Your order has been cancelled.',
  refunded: (amount: string) =>
    `Your order has been cancelled and ${amount} has been refunded to your original payment method. Refunds take 6-8 days to reach your account.`,
  refundStarted: (amount: string) =>
    `Your order has been cancelled. Your refund of ${amount} has been started; refunds take 6-8 days to reach your account.`,
} as const;

export const CancelOrderReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  order: OrderSchema,
});
export type CancelOrderReply = z.infer<typeof CancelOrderReplySchema>;

/** docs/product.md#entities Order-history sync entry, read from the orders table (never stored apart from it). */
export const OrderHistoryEntrySchema = z
  .object({
    orderId: z.string(),
    orderData: OrderSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'OrderHistoryEntry' });
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntrySchema>;

export const OrderHistoryReplySchema = z.object({ orderHistory: z.array(OrderHistoryEntrySchema) });
export const OrderHistoryWriteReplySchema = OrderHistoryReplySchema.extend({ success: z.literal(true) });

export const MAX_ORDER_HISTORY_ENTRIES = 100;

export const orderHistoryMessages = {
  entryNotObject: 'Each order-history entry must be a JSON object.',
  historyNotObject: 'Send the order history as a JSON object: {"orderHistory": [...]}.',
  historyNotList: 'orderHistory must be a list of order-history entries.',
  tooMany: `At most ${MAX_ORDER_HISTORY_ENTRIES} order-history entries can be sent at once.`,
} as const;

const orderIdField = z.string().max(64).optional();

/**
 * What the original client sends as an entry: only the order it names is read (orderId, or the order's own id
 * inside orderData); any other field is accepted and ignored, since orders are written only by checkout.
 */
export const OrderHistoryEntryInputSchema = z.looseObject(
  {
    orderId: orderIdField,
    orderData: z
      .looseObject(
        { orderId: orderIdField, _id: orderIdField },
        { error: orderHistoryMessages.entryNotObject },
      )
      .optional(),
  },
  { error: orderHistoryMessages.entryNotObject },
);
export type OrderHistoryEntryInput = z.infer<typeof OrderHistoryEntryInputSchema>;

/** docs/product.md#http-api POST /order-history/create: the entry itself, or the entry under `entry`. */
export const CreateOrderHistoryBodySchema = OrderHistoryEntryInputSchema.extend({
  entry: OrderHistoryEntryInputSchema.optional(),
});

/** docs/product.md#http-api POST /order-history/update. */
export const UpdateOrderHistoryBodySchema = z.object(
  {
    orderHistory: z
      .array(OrderHistoryEntryInputSchema, { error: orderHistoryMessages.historyNotList })
      .max(MAX_ORDER_HISTORY_ENTRIES, orderHistoryMessages.tooMany),
  },
  { error: orderHistoryMessages.historyNotObject },
);
