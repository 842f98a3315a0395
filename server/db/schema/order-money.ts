import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { orderItems, orders } from './orders';

/** docs/architecture.md#money-record: what an entry records. */
export const moneyEntryKinds = ['charge', 'void', 'collect', 'refund', 'credit'] as const;
/** What part of the order an entry is about; `order` when it is about the order as a whole. */
export const moneyEntryParts = ['goods', 'shipping', 'cod_fee', 'order'] as const;
/** How money came in or went back. */
export const moneyEntryMethods = ['online', 'cod_cash', 'razorpay', 'upi_payout', 'elsewhere'] as const;

/**
 * docs/architecture.md#money-record: an order's money, one row an entry, appended in the transaction of the
 * event that causes it and never changed (a correction is a new entry). Every amount is positive, GST included;
 * its kind says which way it counts. `entry_key` makes each append idempotent.
 */
export const orderMoneyEntries = pgTable(
  'order_money_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: moneyEntryKinds }).notNull(),
    part: text('part', { enum: moneyEntryParts }).notNull(),
    orderItemId: uuid('order_item_id').references(() => orderItems.id),
    units: integer('units').notNull().default(0),
    amountPaise: integer('amount_paise').notNull(),
    /** A goods charge's share of the discount code, already taken off `amount_paise`. */
    codeDiscountPaise: integer('code_discount_paise').notNull().default(0),
    /** A goods charge's share of the prepaid offer (docs/product.md#prepaid-offer), already taken off too. */
    prepaidDiscountPaise: integer('prepaid_discount_paise').notNull().default(0),
    taxPaise: integer('tax_paise').notNull().default(0),
    method: text('method', { enum: moneyEntryMethods }),
    /** The payment, refund, payout or credit note the entry comes from. */
    reference: text('reference'),
    entryKey: text('entry_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (table) => [
    index('order_money_entries_order_idx').on(table.orderId, table.createdAt),
    check(
      'order_money_entries_amounts_positive',
      sql`${table.amountPaise} >= 0 and ${table.units} >= 0 and ${table.codeDiscountPaise} >= 0 and ${table.prepaidDiscountPaise} >= 0 and ${table.taxPaise} >= 0`,
    ),
  ],
);
