import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders';

/**
 * What an order in progress can hold back from others (docs/architecture.md#holds): units of a product, and a
 * use of a discount code (`ref` the coupon's id, 1 unit); the same rows will hold a cash-on-delivery order's
 * units awaiting confirmation. Given back in this order of kinds (docs/architecture.md#locks).
 */
export const holdKinds = ['product', 'coupon'] as const;
export type HoldKind = (typeof holdKinds)[number];

/**
 * One order's hold on one thing (`ref`: the product's or the coupon's id), until it is released (paid, cancelled, given up)
 * or `expires_at` passes. No cascade from the order: a release must also lower the total.
 */
export const holds = pgTable(
  'holds',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: holdKinds }).notNull(),
    ref: integer('ref').notNull(),
    units: integer('units').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.kind, table.ref] }),
    index('holds_expiry_idx').on(table.kind, table.ref, table.expiresAt),
    index('holds_expires_at_idx').on(table.expiresAt),
    check('holds_units_positive', sql`${table.units} > 0`),
  ],
);

/**
 * The sum of `holds.units` per thing, kept in the same transactions as the rows, so a checkout reads one row
 * per product however many checkouts are pending. Written only under the thing's own row lock.
 */
export const heldTotals = pgTable(
  'held_totals',
  {
    kind: text('kind', { enum: holdKinds }).notNull(),
    ref: integer('ref').notNull(),
    units: integer('units').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.ref] }),
    check('held_totals_units_not_negative', sql`${table.units} >= 0`),
  ],
);
