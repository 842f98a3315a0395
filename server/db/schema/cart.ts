import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { sizes } from '../../../contracts/cart';
import { users } from './accounts';
import { products } from './catalogue';
import { createdAt, updatedAt } from './columns';

export const cartLines = pgTable(
  'cart_lines',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    size: text('size', { enum: sizes }).notNull(),
    quantity: integer('quantity').notNull(),
    // Keeps the shopper's order of lines: the time each line was first added.
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId, table.size] }),
    check('cart_lines_quantity_range', sql`${table.quantity} between 1 and 10`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    index('wishlist_items_user_idx').on(table.userId),
  ],
);
