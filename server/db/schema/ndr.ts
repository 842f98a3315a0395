import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ndrActions, ndrDeciders, ndrReasons, ndrStatuses } from '../../../contracts/ndr-rules';
import { createdAt, updatedAt } from './columns';
import { orders } from './orders';
import { shipments } from './shipments';
import { staff } from './staff';

/**
 * docs/architecture.md#ndr: a parcel's failed deliveries (one row a parcel, its attempts counted), where it
 * stands, the choice made and whether it reached the courier. Written only by `modules/ndr/ndr-writer.ts`.
 */
export const ndrReports = pgTable(
  'ndr_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    awbCode: text('awb_code').notNull(),
    courierName: text('courier_name'),
    /** The delivery pincode, kept for the rates by pincode. */
    pincode: text('pincode').notNull(),
    paymentMethod: text('payment_method', { enum: ['cod', 'online'] }).notNull(),
    status: text('status', { enum: ndrStatuses }).notNull(),
    reason: text('reason', { enum: ndrReasons }).notNull(),
    courierRemark: text('courier_remark'),
    attempts: integer('attempts').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    respondBy: timestamp('respond_by', { withTimezone: true }).notNull(),
    /** Re-attempts the default took (docs/product.md#failed-deliveries: once, then return). */
    defaultReattempts: integer('default_reattempts').notNull().default(0),
    choiceAction: text('choice_action', { enum: ndrActions }),
    choiceDate: text('choice_date'),
    choicePhone: text('choice_phone'),
    choiceAddressLine: text('choice_address_line'),
    choiceBy: text('choice_by', { enum: ndrDeciders }),
    choiceAt: timestamp('choice_at', { withTimezone: true }),
    choiceStaffId: uuid('choice_staff_id').references(() => staff.id),
    /** The attempt the choice answers: the courier's action is keyed by it, so it is taken once. */
    choiceAttempt: integer('choice_attempt'),
    /** The attempt whose action Shiprocket accepted, and when. */
    sentAttempt: integer('sent_attempt'),
    sentToCourierAt: timestamp('sent_to_courier_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('ndr_reports_shipment_idx').on(table.shipmentId),
    index('ndr_reports_order_idx').on(table.orderId),
    // The console's open queue and the deadline sweep.
    index('ndr_reports_open_idx').on(table.respondBy).where(sql`${table.closedAt} is null`),
    index('ndr_reports_created_idx').on(table.createdAt),
    check('ndr_reports_attempts_positive', sql`${table.attempts} >= 1`),
  ],
);

/** The links in the shopper's NDR messages (docs/product.md#failed-deliveries): a token's hash, no session. */
export const ndrLinks = pgTable(
  'ndr_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('ndr_links_order_idx').on(table.orderId)],
);
