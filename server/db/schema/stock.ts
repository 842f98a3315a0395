import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { createdAt } from './columns';
import { staff } from './staff';

export const stockMovementReasons = [
  'sale',
  'cancellation',
  'adjustment',
  // docs/product.md#returns: a returned unit checked resellable goes back on the shelf; one that is not is
  // recorded coming back and written off in the same breath, so the stock does not rise.
  'return',
  'write_off',
] as const;

/**
 * Every change of a product's stock, with why: a paid order's sale, a cancelled order's units put back, or
 * a count set in the console. An order's net movement is what its cancellation puts back.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: stockMovementReasons }).notNull(),
    // No foreign key: an unpaid checkout's order may be discarded, and movements are never deleted.
    orderId: uuid('order_id'),
    staffId: uuid('staff_id').references(() => staff.id),
    /** The return whose units came back: each of its products moves once a reason (docs/product.md#returns). */
    returnId: uuid('return_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('stock_movements_order_idx').on(table.orderId),
    index('stock_movements_product_idx').on(table.productId, table.createdAt),
    uniqueIndex('stock_movements_return_idx')
      .on(table.returnId, table.productId, table.reason)
      .where(sql`${table.returnId} is not null`),
  ],
);
