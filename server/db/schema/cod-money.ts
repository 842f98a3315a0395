import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  codPayoutStatuses,
  refundPaidElsewhereWays,
  remittanceImportStatuses,
  remittanceMismatchKinds,
} from '../../../contracts/cod-money';
import { createdAt, updatedAt } from './columns';
import { orders } from './orders';
import { staff } from './staff';

// docs/architecture.md#cod-money: Shiprocket's COD remittances as imported, and refunds of COD orders (payouts
// to a UPI ID through RazorpayX, and refunds paid another way).

/**
 * docs/architecture.md#cod-money: a remittance file an owner uploaded (or the simulator's), stored whole and
 * imported by the `cod.import-remittances` job; its counts are the progress the console shows. The file's
 * SHA-256 is unique: the same file twice is one import.
 */
export const codRemittanceImports = pgTable(
  'cod_remittance_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileSha256: text('file_sha256').notNull(),
    csv: text('csv').notNull(),
    source: text('source', { enum: ['file', 'simulator'] }).notNull(),
    status: text('status', { enum: remittanceImportStatuses }).notNull().default('queued'),
    linesTotal: integer('lines_total').notNull(),
    linesDone: integer('lines_done').notNull().default(0),
    /** Lines of the remittances this import stored (the rest were stored before). */
    linesStored: integer('lines_stored').notNull().default(0),
    /** Remittances this import stored, and those in the file stored before (by an earlier file). */
    remittances: integer('remittances').notNull().default(0),
    repeated: integer('repeated').notNull().default(0),
    mismatches: integer('mismatches').notNull().default(0),
    /** Why the last attempt stopped, while it waits to be tried again or once it failed. */
    error: text('error'),
    importedBy: uuid('imported_by').references(() => staff.id),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('cod_remittance_imports_file_idx').on(table.fileSha256),
    index('cod_remittance_imports_created_idx').on(table.createdAt),
  ],
);

/**
 * One bank transfer from Shiprocket paying delivered COD parcels' cash. Its reference (the "CRF ID", else the
 * UTR) is unique: importing the same file again stores nothing new.
 */
export const codRemittances = pgTable(
  'cod_remittances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    utr: text('utr').notNull(),
    remittedOn: date('remitted_on').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    source: text('source', { enum: ['file', 'simulator'] }).notNull(),
    importedBy: uuid('imported_by').references(() => staff.id),
    /** The import that stored it (null for remittances imported before imports were jobs). */
    importId: uuid('import_id').references(() => codRemittanceImports.id),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('cod_remittances_reference_idx').on(table.reference)],
);

/** One parcel's cash in a remittance, matched to our order when we know it. */
export const codRemittanceLines = pgTable(
  'cod_remittance_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    remittanceId: uuid('remittance_id')
      .notNull()
      .references(() => codRemittances.id, { onDelete: 'cascade' }),
    /** The file's line, for staff to find it. */
    line: integer('line').notNull(),
    awb: text('awb').notNull(),
    fileOrderId: text('file_order_id').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    codAmountPaise: integer('cod_amount_paise').notNull(),
    remittedAmountPaise: integer('remitted_amount_paise').notNull(),
    /** The order's amount to collect when the line was matched. */
    expectedPaise: integer('expected_paise'),
    mismatch: text('mismatch', { enum: remittanceMismatchKinds }),
    /** An owner looked into the mismatch ("Mark as checked"): it leaves the lists of what needs a person. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    checkedBy: uuid('checked_by').references(() => staff.id),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('cod_remittance_lines_awb_idx').on(table.remittanceId, table.awb),
    index('cod_remittance_lines_order_idx').on(table.orderId),
    index('cod_remittance_lines_mismatch_idx').on(table.mismatch).where(sql`${table.mismatch} is not null`),
  ],
);

/**
 * A refund of a COD order paid to the shopper's UPI ID through RazorpayX. `requestKey` is the caller's
 * idempotency key (unique: the same request twice pays once); `idempotencyKey` is what RazorpayX is sent as
 * X-Payout-Idempotency. The row is written with RazorpayX's reply, its status RazorpayX's.
 */
export const codPayouts = pgTable(
  'cod_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    requestKey: text('request_key').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    razorpayPayoutId: text('razorpay_payout_id'),
    amountPaise: integer('amount_paise').notNull(),
    vpa: text('vpa').notNull(),
    reason: text('reason').notNull(),
    /** The return the refund is for (issue 32's returns), else a goodwill refund with the goods kept. */
    returnId: text('return_id'),
    staffId: uuid('staff_id').references(() => staff.id),
    status: text('status', { enum: codPayoutStatuses }).notNull(),
    utr: text('utr'),
    failure: text('failure'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** When the shopper was told of it: once (docs/product.md#partial-refund-message). */
    shopperNotifiedAt: timestamp('shopper_notified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('cod_payouts_request_key_idx').on(table.requestKey),
    uniqueIndex('cod_payouts_razorpay_payout_id_idx').on(table.razorpayPayoutId),
    index('cod_payouts_order_idx').on(table.orderId, table.createdAt),
    index('cod_payouts_open_idx').on(table.status, table.updatedAt),
    check('cod_payouts_amount_positive', sql`${table.amountPaise} > 0`),
  ],
);

/** A refund of a COD order the owner paid outside the shop (cash, a bank transfer...) and recorded. */
export const codRefundsPaidElsewhere = pgTable(
  'cod_refunds_paid_elsewhere',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    requestKey: text('request_key'),
    amountPaise: integer('amount_paise').notNull(),
    how: text('how', { enum: refundPaidElsewhereWays }).notNull(),
    note: text('note').notNull().default(''),
    returnId: text('return_id'),
    staffId: uuid('staff_id').references(() => staff.id),
    /** When the shopper was told of it: once (docs/product.md#partial-refund-message). */
    shopperNotifiedAt: timestamp('shopper_notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('cod_refunds_paid_elsewhere_key_idx').on(table.requestKey),
    index('cod_refunds_paid_elsewhere_order_idx').on(table.orderId),
    check('cod_refunds_paid_elsewhere_amount_positive', sql`${table.amountPaise} > 0`),
  ],
);

/**
 * Payout webhooks as received, keyed as RazorpayX advises: the payout id and its status. A delivery whose key
 * was processed before changes nothing.
 */
export const payoutWebhookEvents = pgTable('payout_webhook_events', {
  dedupeKey: text('dedupe_key').primaryKey(),
  event: text('event').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});
