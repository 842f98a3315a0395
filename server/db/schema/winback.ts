import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalogue';
import { createdAt, updatedAt } from './columns';
import { orders } from './orders';
import { staff } from './staff';

// docs/architecture.md#winback: abandoned checkouts' reminders, the shoppers' opt-outs, the owner's settings,
// and the back-in-stock lists.

/** docs/product.md#promo-rules: WhatsApp only with the shopper's marketing consent. */
export const promoChannels = ['email', 'sms', 'whatsapp'] as const;

/**
 * One row per checkout and step (1 or 2), written when the step is decided: `queued` with its job, `sending`
 * while the message goes, `sent`, or `skipped` with why (never sent later). The links' tokens are kept hashed.
 */
export const checkoutReminders = pgTable(
  'checkout_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // An unpayable checkout's order is deleted (docs/architecture.md#order-lifecycle): its reminders go with it.
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'skipped'] })
      .notNull()
      .default('queued'),
    skippedReason: text('skipped_reason'),
    channel: text('channel', { enum: promoChannels }),
    /** The owner's code offered in a second reminder, as it was when sent. */
    couponCode: text('coupon_code'),
    linkHash: text('link_hash'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When the shopper first followed the link back to checkout. */
    resumedAt: timestamp('resumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('checkout_reminders_order_step_idx').on(table.orderId, table.step),
    uniqueIndex('checkout_reminders_link_idx').on(table.linkHash),
    index('checkout_reminders_user_sent_idx').on(table.userId, table.sentAt),
    index('checkout_reminders_sent_idx').on(table.sentAt),
    check('checkout_reminders_step', sql`${table.step} in (1, 2)`),
    check(
      'checkout_reminders_skipped_reason',
      sql`(${table.status} = 'skipped') = (${table.skippedReason} is not null)`,
    ),
  ],
);

/** Shoppers who asked for no more checkout reminders (docs/product.md#winback-consent). */
export const reminderOptOuts = pgTable('reminder_opt_outs', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** The owner's settings, one row (id 1) written on the first save; the defaults until then. */
export const winbackSettings = pgTable(
  'winback_settings',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(true),
    firstDelayMinutes: integer('first_delay_minutes').notNull().default(60),
    secondDelayMinutes: integer('second_delay_minutes').notNull().default(1380),
    secondReminderCode: text('second_reminder_code'),
    updatedByStaffId: uuid('updated_by_staff_id').references(() => staff.id),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('winback_settings_single_row', sql`${table.id} = 1`),
    check(
      'winback_settings_delays',
      sql`${table.firstDelayMinutes} between 30 and 720 and ${table.secondDelayMinutes} between ${table.firstDelayMinutes} + 60 and 4320`,
    ),
  ],
);

/**
 * "Notify me": a shopper waiting for a product to come back, in the order they asked. `restock_id` is the batch
 * that took them off the list (at most one: told once); `told_at` when their message went.
 */
export const stockNotifyRequests = pgTable(
  'stock_notify_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    channel: text('channel', { enum: promoChannels }).notNull(),
    restockId: uuid('restock_id'),
    toldAt: timestamp('told_at', { withTimezone: true }),
    /** Why a taken request was not told after all (the product sold out again, no address). */
    skippedReason: text('skipped_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // One place on a product's list per shopper.
    uniqueIndex('stock_notify_requests_waiting_idx')
      .on(table.userId, table.productId)
      .where(sql`${table.restockId} is null and ${table.cancelledAt} is null`),
    index('stock_notify_requests_list_idx')
      .on(table.productId, table.createdAt, table.id)
      .where(sql`${table.restockId} is null and ${table.cancelledAt} is null`),
    index('stock_notify_requests_user_told_idx').on(table.userId, table.toldAt),
  ],
);

/** A product's stock rising from none to `units`: one batch of its list, told by the restock job. */
export const restocks = pgTable(
  'restocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    units: integer('units').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('restocks_pending_idx').on(table.createdAt).where(sql`${table.processedAt} is null`),
    check('restocks_units_positive', sql`${table.units} > 0`),
  ],
);
