import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Address } from '../../../contracts/auth';
import { returnReasons, returnResolutions, returnStatuses } from '../../../contracts/returns';
import type { ReturnParcelStage } from '../../providers/shiprocket/returns';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';
import { orderItems, orders } from './orders';
import { staff } from './staff';

/**
 * A shopper's return of some units of a delivered order (docs/product.md#returns). Its status is written only
 * by the return writer (server/modules/returns/return-writer.ts) as return-lifecycle.ts decides; its money
 * (`refund_paise`) is fixed when it is asked for. The reverse pickup's parcel is tracked on the row itself.
 */
export const returns = pgTable(
  'returns',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    userId: uuid('user_id').references(() => users.id),
    status: text('status', { enum: returnStatuses }).notNull().default('requested'),
    resolution: text('resolution', { enum: returnResolutions }).notNull(),
    reason: text('reason', { enum: returnReasons }).notNull(),
    note: text('note').notNull().default(''),
    /** What was paid for the returned units, the return-shipping deduction, and what a refund gives back. */
    paidPaise: integer('paid_paise').notNull(),
    deductionPaise: integer('deduction_paise').notNull().default(0),
    refundPaise: integer('refund_paise').notNull(),
    units: integer('units').notNull(),
    stockSettled: boolean('stock_settled').notNull().default(false),
    quality: text('quality', { enum: ['resellable', 'not_resellable'] }),
    refundAttempts: integer('refund_attempts').notNull().default(0),
    /** The owner's reason, sent to the shopper, when refused. */
    refusalReason: text('refusal_reason'),
    /** A cash-on-delivery order's refund goes to this UPI ID (docs/product.md#returns). */
    upiId: text('upi_id'),
    pickupAddress: jsonb('pickup_address').$type<Address>().notNull(),
    /** The shopper's Idempotency-Key: the same request twice makes one return. */
    requestKey: text('request_key').notNull(),
    replacementOrderId: uuid('replacement_order_id').references(() => orders.id),
    // The reverse pickup (docs/architecture.md#shiprocket-returns).
    shiprocketOrderId: text('shiprocket_order_id'),
    shiprocketShipmentId: text('shiprocket_shipment_id'),
    awbCode: text('awb_code'),
    courierName: text('courier_name'),
    parcelStage: text('parcel_stage').$type<ReturnParcelStage>(),
    parcelStatusLabel: text('parcel_status_label'),
    pickupBookedAt: timestamp('pickup_booked_at', { withTimezone: true }),
    lastTrackedAt: timestamp('last_tracked_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('returns_order_idx').on(table.orderId, table.createdAt),
    index('returns_status_idx').on(table.status, table.createdAt),
    uniqueIndex('returns_request_key_idx').on(table.orderId, table.requestKey),
    index('returns_awb_idx').on(table.awbCode),
    check('returns_money_adds_up', sql`${table.refundPaise} = ${table.paidPaise} - ${table.deductionPaise}`),
    check('returns_refund_not_negative', sql`${table.refundPaise} >= 0`),
    check('returns_units_positive', sql`${table.units} > 0`),
  ],
);

/** The units of each order line on a return and what was paid for them. */
export const returnLines = pgTable(
  'return_lines',
  {
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    units: integer('units').notNull(),
    paidPaise: integer('paid_paise').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.returnId, table.orderItemId] }),
    index('return_lines_item_idx').on(table.orderItemId),
    check('return_lines_units_positive', sql`${table.units} > 0`),
  ],
);

/**
 * A photo the shopper uploaded for a return of the order, resized on the server as product images are; it
 * belongs to a return once the request names it.
 */
export const returnPhotos = pgTable(
  'return_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    returnId: uuid('return_id').references(() => returns.id, { onDelete: 'set null' }),
    /**
     * The upload's content hash: its files are `returns/{orderId}/{hash}-{width}.webp` in the image store,
     * private, served only through the routes of docs/architecture.md#return-photos.
     */
    imageHash: text('image_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('return_photos_order_idx').on(table.orderId),
    index('return_photos_return_idx').on(table.returnId),
  ],
);

/**
 * Each refund asked for a return, one an attempt (`return-{id}-{attempt}` is its idempotency key): to the
 * payment through Razorpay, or for a cash-on-delivery order to the shopper's UPI ID through a payout.
 */
export const returnRefunds = pgTable(
  'return_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id),
    attempt: integer('attempt').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    method: text('method', { enum: ['razorpay', 'payout'] }).notNull(),
    amountPaise: integer('amount_paise').notNull(),
    razorpayRefundId: text('razorpay_refund_id').unique(),
    status: text('status', { enum: ['pending', 'processed', 'failed'] }).notNull(),
    failure: text('failure'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('return_refunds_attempt_idx').on(table.returnId, table.attempt)],
);

/** Every change of a return, who made it and why: the return's timeline. */
export const returnEvents = pgTable(
  'return_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    fromStatus: text('from_status', { enum: returnStatuses }),
    toStatus: text('to_status', { enum: returnStatuses }).notNull(),
    source: text('source', { enum: ['shopper', 'shop', 'webhook', 'system'] }).notNull(),
    staffId: uuid('staff_id').references(() => staff.id),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (table) => [index('return_events_return_idx').on(table.returnId, table.createdAt)],
);

/** The owner's return settings (docs/product.md#returns): one row, id 1; absent means the defaults. */
export const returnSettings = pgTable(
  'return_settings',
  {
    id: integer('id').primaryKey().default(1),
    windowDays: integer('window_days').notNull().default(7),
    changedMindAccepted: boolean('changed_mind_accepted').notNull().default(true),
    changedMindDeductionPaise: integer('changed_mind_deduction_paise').notNull().default(0),
    updatedByStaffId: uuid('updated_by_staff_id').references(() => staff.id),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('return_settings_single_row', sql`${table.id} = 1`),
    check('return_settings_window_range', sql`${table.windowDays} between 1 and 60`),
    check('return_settings_deduction_range', sql`${table.changedMindDeductionPaise} between 0 and 10000000`),
  ],
);
