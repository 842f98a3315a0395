import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Address } from '../../../contracts/auth';
import { sizes } from '../../../contracts/cart';
import { orderStatuses } from '../../../contracts/order-status';
import { attentionReasons, orderPaymentStatuses } from '../../../contracts/orders';
import { users } from './accounts';
import { products } from './catalogue';
import { createdAt, updatedAt } from './columns';
import { coupons } from './coupons';

export type OrderPaymentStatus = (typeof orderPaymentStatuses)[number];

export const couponUses = ['reserved', 'consumed', 'released'] as const;
/** docs/product.md#part-paid-cod: where a COD order's advance stands; null: it asks for none. */
export const codAdvanceStatuses = ['due', 'paid', 'refunded'] as const;
export type CodAdvanceStatus = (typeof codAdvanceStatuses)[number];
export type CouponUse = (typeof couponUses)[number];

export interface OrderContact {
  name: string;
  email: string;
  /** The account's mobile, where the order's SMS go (else the delivery mobile). */
  phone: string;
  /**
   * The mobile the courier calls, given with the delivery address (docs/product.md#delivery-address); absent on
   * orders placed before it existed, whose `phone` served both.
   */
  deliveryPhone?: string;
}

/** An order from the moment the shopper places it; money in paise (docs/architecture.md#data). */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    // Null once the shopper deleted their account: the order is kept, detached (docs/product.md#your-data).
    userId: uuid('user_id').references(() => users.id),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    paymentStatus: text('payment_status', { enum: orderPaymentStatuses }).notNull().default('pending'),
    mrpPaise: integer('mrp_paise').notNull(),
    subtotalPaise: integer('subtotal_paise').notNull(),
    discountPaise: integer('discount_paise').notNull(),
    // docs/product.md#money: the discount code the order used, its discount off the goods (shared among the
    // items' coupon_share_paise) and whether it made the shipping free.
    couponCode: text('coupon_code'),
    couponId: integer('coupon_id').references(() => coupons.id),
    /**
     * The order's use of its code (docs/product.md#discount-codes): reserved at checkout, consumed when paid,
     * released when the checkout ends unpaid or the order is cancelled before shipping. Written by the order
     * writer, as the lifecycle decides.
     */
    couponUse: text('coupon_use', { enum: couponUses }),
    couponDiscountPaise: integer('coupon_discount_paise').notNull().default(0),
    couponFreeShipping: boolean('coupon_free_shipping').notNull().default(false),
    // docs/product.md#prepaid-offer: what paying online took off the goods after the code (shared among the
    // items' prepaid_share_paise); 0 for a COD order.
    prepaidDiscountPaise: integer('prepaid_discount_paise').notNull().default(0),
    shippingPaise: integer('shipping_paise').notNull(),
    taxPaise: integer('tax_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    // The items as ordered, so a reused pending order is only reused for the very same cart.
    cartFingerprint: text('cart_fingerprint').notNull(),
    razorpayOrderId: text('razorpay_order_id'),
    // 'Replacement': a return's replacement, sent for nothing (docs/product.md#returns).
    paymentMethod: text('payment_method', { enum: ['Online', 'COD', 'Replacement'] })
      .notNull()
      .default('Online'),
    /** docs/product.md#cash-on-delivery: the COD fee, GST included, part of the total; 0 for an online order. */
    codFeePaise: integer('cod_fee_paise').notNull().default(0),
    /** A COD order waits for its shopper's confirmation until then, and is cancelled after. */
    codConfirmBy: timestamp('cod_confirm_by', { withTimezone: true }),
    /** When the COD order was confirmed (by the OTP, the link, or staff after a call); null until then. */
    codConfirmedAt: timestamp('cod_confirmed_at', { withTimezone: true }),
    /** How it was confirmed: `otp`, `link` or `staff`. */
    codConfirmedVia: text('cod_confirmed_via', { enum: ['otp', 'link', 'staff', 'advance', 'whatsapp'] }),
    /**
     * docs/product.md#part-paid-cod: the advance the COD order asks for, paid online through its Razorpay order;
     * the courier collects the total less it. 0: none.
     */
    codAdvancePaise: integer('cod_advance_paise').notNull().default(0),
    /** Where the advance stands, as the lifecycle decides; written by the order writer. */
    codAdvance: text('cod_advance', { enum: codAdvanceStatuses }),
    contact: jsonb('contact').$type<OrderContact>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<Address>().notNull(),
    billingAddress: jsonb('billing_address').$type<Address>().notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * docs/product.md#delivery-date: the day promised at checkout for the address's pincode ("2026-11-27"),
     * until the courier gives its own; null on orders placed before promises were kept.
     */
    promisedDeliveryDate: date('promised_delivery_date'),
    /** When the reconciler last asked Razorpay about this pending order: it asks the longest-unasked first. */
    paymentCheckedAt: timestamp('payment_checked_at', { withTimezone: true }),
    /**
     * docs/product.md#returns: a replacement is a zero-value order of the returned units, linked to the order
     * it replaces; null on every order a shopper paid for.
     */
    replacementOfOrderId: uuid('replacement_of_order_id').references((): AnyPgColumn => orders.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('orders_razorpay_order_id_idx').on(table.razorpayOrderId),
    index('orders_user_id_idx').on(table.userId, table.createdAt),
    // A second PLACE ORDER looks for the shopper's pending order: found through this small index however many
    // checkouts are pending, whatever the planner's statistics say (docs/architecture.md#holds).
    index('orders_pending_by_user_idx')
      .on(table.userId, table.createdAt)
      .where(sql`${table.status} = 'pending' and ${table.paymentStatus} = 'pending'`),
    index('orders_pending_idx').on(table.paymentStatus, table.createdAt),
    index('orders_payment_checked_idx').on(table.status, table.paymentStatus, table.paymentCheckedAt),
    // The console's list and searches (docs/architecture.md#console-orders-api).
    index('orders_created_idx').on(table.createdAt, table.id),
    index('orders_contact_email_idx').on(sql`lower(${table.contact}->>'email')`),
    index('orders_contact_phone_idx').on(sql`(${table.contact}->>'phone')`),
    // Razorpay takes at least ₹1; only a replacement (docs/product.md#returns) is sent for nothing.
    check(
      'orders_total_positive',
      sql`${table.totalPaise} >= 100 or (${table.replacementOfOrderId} is not null and ${table.totalPaise} = 0)`,
    ),
    index('orders_replacement_of_idx')
      .on(table.replacementOfOrderId)
      .where(sql`${table.replacementOfOrderId} is not null`),
    // docs/product.md#part-paid-cod: the COD orders waiting for their advance, which the reconciler asks about.
    index('orders_cod_advance_due_idx')
      .on(table.paymentCheckedAt, table.createdAt)
      .where(
        sql`${table.status} = 'pending' and ${table.paymentStatus} = 'cod_due' and ${table.codAdvance} = 'due'`,
      ),
    // The COD orders awaiting confirmation, for the expiry sweep and the console (docs/product.md#cash-on-delivery).
    index('orders_cod_awaiting_idx')
      .on(table.codConfirmBy)
      .where(sql`${table.status} = 'pending' and ${table.paymentStatus} = 'cod_due'`),
    // A shopper's COD orders returned to origin, counted against the RTO limit.
    index('orders_cod_rto_idx')
      .on(table.userId)
      .where(sql`${table.paymentMethod} = 'COD' and ${table.status} = 'returned_to_origin'`),
    // A pincode's last COD orders delivered or returned to origin (docs/product.md#cod-risk-rules).
    index('orders_cod_outcome_pincode_idx')
      .on(sql`(${table.shippingAddress}->>'pincode')`, table.createdAt)
      .where(sql`${table.paymentMethod} = 'COD' and ${table.status} in ('delivered', 'returned_to_origin')`),
    // A shopper's uses of a code, counted at checkout (docs/product.md#discount-codes).
    index('orders_coupon_idx').on(table.couponId, table.userId).where(sql`${table.couponId} is not null`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    sku: text('sku').notNull(),
    category: text('category').notNull(),
    brand: text('brand').notNull(),
    size: text('size', { enum: sizes }).notNull(),
    quantity: integer('quantity').notNull(),
    unitMrpPaise: integer('unit_mrp_paise').notNull(),
    discountPercent: integer('discount_percent').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    /** The line's part of the order's coupon discount: paid for the line = unit price x quantity - this. */
    couponSharePaise: integer('coupon_share_paise').notNull().default(0),
    /** The line's part of the order's prepaid offer, taken off after the code's share. */
    prepaidSharePaise: integer('prepaid_share_paise').notNull().default(0),
  },
  (table) => [
    index('order_items_order_id_idx').on(table.orderId),
    check(
      'order_items_coupon_share_range',
      sql`${table.couponSharePaise} between 0 and ${table.unitPricePaise} * ${table.quantity}`,
    ),
    check(
      'order_items_prepaid_share_range',
      sql`${table.prepaidSharePaise} >= 0 and ${table.couponSharePaise} + ${table.prepaidSharePaise} <= ${table.unitPricePaise} * ${table.quantity}`,
    ),
  ],
);

export const paymentStatuses = ['created', 'authorized', 'captured', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** One Razorpay payment attempt on one of our orders, as Razorpay last reported it. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    razorpayPaymentId: text('razorpay_payment_id').notNull().unique(),
    razorpayOrderId: text('razorpay_order_id').notNull(),
    status: text('status', { enum: paymentStatuses }).notNull(),
    amountPaise: integer('amount_paise').notNull(),
    amountRefundedPaise: integer('amount_refunded_paise').notNull().default(0),
    currency: text('currency').notNull(),
    method: text('method'),
    errorCode: text('error_code'),
    errorDescription: text('error_description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('payments_order_id_idx').on(table.orderId)],
);

export const refunds = pgTable('refunds', {
  id: uuid('id').primaryKey().defaultRandom(),
  paymentId: uuid('payment_id')
    .notNull()
    .references(() => payments.id),
  razorpayRefundId: text('razorpay_refund_id').notNull().unique(),
  amountPaise: integer('amount_paise').notNull(),
  status: text('status', { enum: ['pending', 'processed', 'failed'] }).notNull(),
  /** When the shopper was sent the message of this partial refund (docs/product.md#order-messages): once. */
  shopperNotifiedAt: timestamp('shopper_notified_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Every status change of an order, payment or refund, and who made it. */
export const statusHistory = pgTable(
  'status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entity: text('entity', { enum: ['order', 'payment', 'refund'] }).notNull(),
    entityId: uuid('entity_id').notNull(),
    field: text('field').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value').notNull(),
    source: text('source', {
      enum: ['checkout', 'shopper', 'shop', 'webhook', 'reconciler', 'system'],
    }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('status_history_entity_idx').on(table.entity, table.entityId, table.createdAt)],
);

/**
 * Razorpay webhooks as received, deduplicated by the SHA-256 of the signed body (delivery is at least once;
 * the x-razorpay-event-id header is not signed, so it is kept for reference only: docs/architecture.md#security).
 */
export const webhookEvents = pgTable('webhook_events', {
  bodySha256: text('body_sha256').primaryKey(),
  eventId: text('event_id'),
  provider: text('provider').notNull(),
  event: text('event').notNull(),
  payload: jsonb('payload').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An order waiting for a person: raised by the order lifecycle and the sweeps, listed in the owner's console,
 * resolved once handled. At most one open row an order and reason.
 */
export const orderAttention = pgTable(
  'order_attention',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    reason: text('reason', { enum: attentionReasons }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('order_attention_open_idx')
      .on(table.orderId, table.reason)
      .where(sql`${table.resolvedAt} is null`),
  ],
);
