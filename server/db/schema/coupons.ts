import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { productCategories } from '../../../contracts/catalogue-rules';
import { couponKinds, couponStatuses } from '../../../contracts/coupon-rules';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';

/**
 * A discount code (docs/product.md#discount-codes). Money in paise; the console speaks whole rupees. Its uses
 * in progress are held through `holds`/`held_totals` (kind 'coupon', ref the id: docs/architecture.md#holds;
 * the totals row is made with the coupon, in its transaction, not by a trigger, so a copy of the database to
 * PostgreSQL inserts each totals row once). `used_count` counts the consumed uses (paid orders not cancelled
 * before shipping), changed in the orders' own transactions under this row's lock.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    kind: text('kind', { enum: couponKinds }).notNull(),
    percentOff: integer('percent_off'),
    maxDiscountPaise: integer('max_discount_paise'),
    amountOffPaise: integer('amount_off_paise'),
    minOrderPaise: integer('min_order_paise').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    totalUses: integer('total_uses'),
    usesPerShopper: integer('uses_per_shopper').notNull().default(1),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    productIds: jsonb('product_ids').$type<number[]>().notNull().default([]),
    categories: jsonb('categories').$type<(typeof productCategories)[number][]>().notNull().default([]),
    public: boolean('public').notNull().default(false),
    description: text('description').notNull().default(''),
    status: text('status', { enum: couponStatuses }).notNull().default('active'),
    usedCount: integer('used_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('coupons_used_count_not_negative', sql`${table.usedCount} >= 0`),
    check('coupons_code_upper_case', sql`${table.code} = upper(${table.code})`),
  ],
);

/** The shopper's cart as a whole (its lines are `cart_lines`): the discount code applied to it, if any. */
export const carts = pgTable('carts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  couponCode: text('coupon_code').notNull(),
  updatedAt: updatedAt(),
});
