import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { staff } from './staff';

// docs/architecture.md#staff-alerts: new-order e-mails, the daily digest and browser push for the people who
// run the shop.

/** A browser on one device that a member of staff turned notifications on for (its Web Push subscription). */
export const staffPushSubscriptions = pgTable(
  'staff_push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    // The push service's address for this browser: one per device, so it names the device.
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [index('staff_push_subscriptions_staff_idx').on(table.staffId)],
);

export const staffAlertKinds = ['order_email', 'order_push', 'attention_push', 'daily_digest'] as const;

/**
 * Each alert sent, claimed before it is sent: a repeated job, a second worker or a retry finds the row and
 * sends nothing. `subject` is the order, the attention flag or the IST day of a digest; `recipient` the member
 * of staff or the push subscription.
 */
export const staffAlertDeliveries = pgTable(
  'staff_alert_deliveries',
  {
    kind: text('kind', { enum: staffAlertKinds }).notNull(),
    subject: text('subject').notNull(),
    recipient: text('recipient').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.subject, table.recipient] }),
    index('staff_alert_deliveries_created_idx').on(table.createdAt),
  ],
);

/**
 * The VAPID key pair made on the first start without VAPID_* settings (development and tests), so push works
 * out of the box and every process of the shop signs with the same pair. One row.
 */
export const webPushKeys = pgTable(
  'web_push_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [check('web_push_keys_one_row', sql`${table.id} = 1`)],
);
