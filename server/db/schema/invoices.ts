import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { orders } from './orders';

/** The seller as printed on a document, copied from the shop's settings when it was issued. */
export interface SellerSnapshot {
  legalName: string;
  address: string[];
  stateCode: string;
  stateName: string;
  gstin: string;
  signatureLine: string;
}

/** The buyer as printed on a document, copied from the order. */
export interface BuyerSnapshot {
  name: string;
  email: string;
  phone: string;
  billingAddress: string[];
  shippingAddress: string[];
  placeOfSupply: { code: string; name: string };
}

/** One line of an invoice or credit note, money in paise. */
export interface DocumentLine {
  description: string;
  hsnCode: string;
  quantity: number;
  unitPricePaise: number;
  discountPaise: number;
  rateBasisPoints: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

const documentColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id),
  number: text('number').notNull().unique(),
  /** "2627" for April 2026 to March 2027, India time. */
  financialYear: text('financial_year').notNull(),
  sequence: integer('sequence').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  supply: text('supply', { enum: ['intra_state', 'inter_state'] }).notNull(),
  placeOfSupplyCode: text('place_of_supply_code').notNull(),
  seller: jsonb('seller').$type<SellerSnapshot>().notNull(),
  buyer: jsonb('buyer').$type<BuyerSnapshot>().notNull(),
  lines: jsonb('lines').$type<DocumentLine[]>().notNull(),
  taxablePaise: integer('taxable_paise').notNull(),
  cgstPaise: integer('cgst_paise').notNull(),
  sgstPaise: integer('sgst_paise').notNull(),
  igstPaise: integer('igst_paise').notNull(),
  totalPaise: integer('total_paise').notNull(),
  createdAt: createdAt(),
});

/**
 * A tax invoice, issued once when its order is paid (docs/product.md#gst-invoices): immutable, everything it
 * prints is copied into the row.
 */
export const invoices = pgTable('invoices', documentColumns(), (table) => [
  index('invoices_order_idx').on(table.orderId),
  index('invoices_issued_idx').on(table.issuedAt),
  check(
    'invoices_total_adds_up',
    sql`${table.taxablePaise} + ${table.cgstPaise} + ${table.sgstPaise} + ${table.igstPaise} = ${table.totalPaise}`,
  ),
]);

/** A credit note for money given back on an invoiced order: one a processed refund. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    ...documentColumns(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    razorpayRefundId: text('razorpay_refund_id').notNull().unique(),
    // What the note is for, printed on it: a cancellation (no goods supplied) or a refund with no goods back.
    reason: text('reason').notNull().default(''),
  },
  (table) => [
    index('credit_notes_order_idx').on(table.orderId),
    index('credit_notes_issued_idx').on(table.issuedAt),
    check(
      'credit_notes_total_adds_up',
      sql`${table.taxablePaise} + ${table.cgstPaise} + ${table.sgstPaise} + ${table.igstPaise} = ${table.totalPaise}`,
    ),
  ],
);

/**
 * The last number issued in each series ('invoice', 'credit_note') and financial year. Taking a number updates
 * this row inside the issuing transaction, so concurrent issuers queue on its lock and a rolled-back one gives
 * its number back: gap-free (docs/architecture.md#invoices).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series', { enum: ['invoice', 'credit_note'] }).notNull(),
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [primaryKey({ columns: [table.series, table.financialYear] })],
);
