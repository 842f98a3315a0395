import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { productCategories } from '../../../contracts/catalogue';
import { createdAt, updatedAt } from './columns';

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    // Money is integer paise everywhere below the API edge.
    pricePaise: integer('price_paise').notNull(),
    discountPercent: integer('discount_percent').notNull(),
    rating: integer('rating').notNull(),
    category: text('category', { enum: productCategories }).notNull(),
    sku: text('sku').notNull().unique(),
    brand: text('brand').notNull(),
    weightGrams: integer('weight_grams').notNull(),
    images: jsonb('images').$type<string[]>().notNull(),
    whyChoose: text('why_choose').notNull(),
    benefits: jsonb('benefits').$type<string[]>().notNull(),
    changesObserved: text('changes_observed').notNull(),
    // Off sale: gone from the storefront (its page is "Product not found"), kept for the orders that name it.
    active: boolean('active').notNull().default(true),
    // Units on hand and not yet sold: taken when an order is paid, put back when a paid order is cancelled
    // (docs/architecture.md#stock). Checkouts in progress hold units against it without changing it.
    stock: integer('stock').notNull().default(0),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    // Set when the owners were e-mailed that stock reached the threshold; cleared when it rises above again.
    lowStockAlertedAt: timestamp('low_stock_alerted_at', { withTimezone: true }),
    // docs/product.md#gst-invoices: the HSN code and GST rate (basis points: 500 is 5%) its invoice lines carry.
    hsnCode: text('hsn_code').notNull().default('63079090'),
    gstRateBasisPoints: integer('gst_rate_basis_points').notNull().default(500),
    // docs/product.md#cash-on-delivery: whether a cart holding it may be paid cash on delivery.
    codAllowed: boolean('cod_allowed').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('products_price_paise_positive', sql`${table.pricePaise} > 0`),
    check('products_discount_percent_range', sql`${table.discountPercent} between 0 and 100`),
    check('products_rating_range', sql`${table.rating} between 1 and 5`),
    check('products_weight_positive', sql`${table.weightGrams} > 0`),
    check('products_stock_not_negative', sql`${table.stock} >= 0`),
    check('products_low_stock_threshold_not_negative', sql`${table.lowStockThreshold} >= 0`),
    check('products_hsn_code_digits', sql`${table.hsnCode} ~ '^[0-9]{4}([0-9]{2}){0,2}$'`),
    check('products_gst_rate_range', sql`${table.gstRateBasisPoints} between 0 and 4000`),
  ],
);
