import { z } from 'zod';
import { AddressSchema } from './auth';
import { sizes } from './cart';
import { orderStatuses } from './order-status';

export const paymentMessages = {
  // spec §5 Place order.
  profileIncomplete: 'Please complete your profile with address details before placing order.',
  cartEmpty: 'Your cart is empty. Please add items before placing order.',
  invalidPaymentResponse: 'Invalid payment response received',
  // spec §8 Payment and orders.
  initializeFailed: 'Failed to initialize payment. Please try again.',
  orderCreationFailed: 'Payment successful but order creation failed. Please contact support.',
  cancelled: 'Payment was cancelled. Please try again.',
  timeout: 'Payment timeout. Please try again.',
  failed: (description?: string) => `Payment failed: ${description || 'Unknown error'}`,
  // Ours, where the spec has none.
  cartChanged: 'Your cart changed while you were checking out. Please review it and place the order again.',
  verificationFailed: 'We could not verify this payment. If money was deducted, please contact support.',
  notForThisOrder: 'This payment does not belong to this order.',
  orderNotFound: 'Order not found',
  paymentNotFound: 'Payment not found',
} as const;

/**
 * spec §7 POST /payment/create-order. Only `amount` (paise) is read, to catch a cart that changed under the
 * shopper's eyes; the items, total and addresses come from the server's cart and profile.
 */
export const CreatePaymentOrderBodySchema = z
  .object({
    amount: z.number().int().positive().optional(),
    currency: z.literal('INR', { error: 'Only INR payments are accepted.' }).optional(),
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

/** What Razorpay Checkout's `handler` received; other fields of the spec's order payload are ignored. */
export const PaymentResponseSchema = z.object({
  razorpay_payment_id: z.string().max(64).optional(),
  razorpay_order_id: z.string().max(64).optional(),
  razorpay_signature: z.string().max(256).optional(),
});
export type PaymentResponse = z.infer<typeof PaymentResponseSchema>;

export const orderPaymentStatuses = ['pending', 'paid', 'failed', 'refunded', 'partially_refunded'] as const;

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
  lineTotalPaise: z.number().int(),
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
    shippingPaise: z.number().int(),
    taxPaise: z.number().int(),
    totalPaise: z.number().int(),
    refundedPaise: z.number().int(),
    currency: z.string(),
    items: z.array(OrderItemSchema),
    shippingAddress: AddressSchema,
    billingAddress: AddressSchema,
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    shipment: ShipmentSchema.nullable(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof OrderSchema>;

/** spec §7 POST /orders/create-with-payment: the shipment fields flat, and the order under `order`. */
export const OrderConfirmationSchema = ShipmentSchema.extend({
  success: z.literal(true),
  orderId: z.string(),
  paymentId: z.string(),
  order: OrderSchema,
});
export type OrderConfirmation = z.infer<typeof OrderConfirmationSchema>;

export const OrderReplySchema = z.object({ order: OrderSchema });
export const OrdersReplySchema = z.object({ orders: z.array(OrderSchema) });

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
