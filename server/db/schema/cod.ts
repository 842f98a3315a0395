import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { orders } from './orders';
import { staff } from './staff';

/**
 * docs/product.md#cash-on-delivery: the owner's COD settings, one row (id 1); a shop that never saved them
 * does not offer COD.
 */
export const codSettings = pgTable(
  'cod_settings',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    feePaise: integer('fee_paise').notNull().default(4900),
    minOrderPaise: integer('min_order_paise').notNull().default(0),
    maxOrderPaise: integer('max_order_paise').notNull().default(500_000),
    rtoLimit: integer('rto_limit').notNull().default(1),
    confirmHours: integer('confirm_hours').notNull().default(24),
    // docs/product.md#cod-settings: an unconfirmed order's units are held this long, not for the whole window.
    holdMinutes: integer('hold_minutes').notNull().default(30),
    // docs/architecture.md#security: more COD orders than this by one shopper or mobile in the period alert the owner.
    velocityOrders: integer('velocity_orders').notNull().default(3),
    velocityHours: integer('velocity_hours').notNull().default(24),
    updatedByStaffId: uuid('updated_by_staff_id').references(() => staff.id),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('cod_settings_single_row', sql`${table.id} = 1`),
    check('cod_settings_order_range', sql`${table.minOrderPaise} <= ${table.maxOrderPaise}`),
  ],
);

/**
 * A COD order's confirm link (docs/product.md#cash-on-delivery): the token's SHA-256 only, single use, good
 * until the order's confirmation time.
 */
export const codConfirmLinks = pgTable('cod_confirm_links', {
  tokenHash: text('token_hash').primaryKey(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});
