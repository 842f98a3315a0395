import { bigint, boolean, integer, jsonb, pgSchema, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * docs/operations.md#simulator-state: what the local Razorpay and Shiprocket know, kept beside the shop's rows
 * so that a restart forgets nothing, in a schema of their own. Only the simulators read (at start) and write
 * it; with the real providers configured it stays empty.
 */
export const simulatorSchema = pgSchema('simulator');

// Razorpay answers an empty notes object as `[]` (its PHP heritage).
type RazorpayNotes = Record<string, string> | never[];

/** Razorpay's clock: seconds since 1970, as its entities carry it. */
const unixSeconds = (name: string) => integer(name).notNull();
/** The order the simulator made its entities in, which it loads them back in (its lists follow it). */
const position = () => integer('position').generatedAlwaysAsIdentity();

export const simulatedRazorpayOrders = simulatorSchema.table('razorpay_orders', {
  id: text('id').primaryKey(),
  amount: integer('amount').notNull(),
  amountPaid: integer('amount_paid').notNull().default(0),
  currency: text('currency').notNull(),
  receipt: text('receipt'),
  status: text('status', { enum: ['created', 'attempted', 'paid'] }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  notes: jsonb('notes').$type<RazorpayNotes>().notNull(),
  createdAt: unixSeconds('created_at'),
  position: position(),
});

/** What a payment attempt brought with it and never changes: method, payer, notes, error. */
export interface SimulatedPaymentDetails {
  method: 'upi' | 'card';
  description: string | null;
  cardId: string | null;
  vpa: string | null;
  email: string;
  contact: string | null;
  notes: RazorpayNotes;
  error: { code: string; description: string; source: string; step: string; reason: string } | null;
  acquirerData: Record<string, string | null>;
}

export const simulatedRazorpayPayments = simulatorSchema.table('razorpay_payments', {
  id: text('id').primaryKey(),
  orderId: text('order_id')
    .notNull()
    .references(() => simulatedRazorpayOrders.id),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status', { enum: ['created', 'authorized', 'captured', 'refunded', 'failed'] }).notNull(),
  amountRefunded: integer('amount_refunded').notNull().default(0),
  refundStatus: text('refund_status', { enum: ['partial', 'full'] }),
  captured: boolean('captured').notNull().default(false),
  fee: integer('fee'),
  tax: integer('tax'),
  details: jsonb('details').$type<SimulatedPaymentDetails>().notNull(),
  createdAt: unixSeconds('created_at'),
  position: position(),
});

export const simulatedRazorpayRefunds = simulatorSchema.table(
  'razorpay_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => simulatedRazorpayPayments.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'processed', 'failed'] }).notNull(),
    speedRequested: text('speed_requested', { enum: ['normal', 'optimum'] }).notNull(),
    speedProcessed: text('speed_processed', { enum: ['normal', 'instant'] }).notNull(),
    notes: jsonb('notes').$type<RazorpayNotes>().notNull(),
    receipt: text('receipt'),
    /** X-Refund-Idempotency: the same key on the same payment answers the refund it made first. */
    idempotencyKey: text('idempotency_key'),
    createdAt: unixSeconds('created_at'),
    position: position(),
  },
  (table) => [uniqueIndex('razorpay_refunds_idempotency_key_idx').on(table.paymentId, table.idempotencyKey)],
);

export const simulatedShiprocketShipments = simulatorSchema.table('shiprocket_shipments', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  /** Our order id, Shiprocket's `channel_order_id`. */
  channelOrderId: text('channel_order_id').notNull(),
  /** The adhoc order as it was accepted. */
  order: jsonb('order').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** How far along Shiprocket's status sequence the parcel is. */
  step: integer('step').notNull().default(0),
  cancelled: boolean('cancelled').notNull().default(false),
  courier: jsonb('courier').$type<Record<string, unknown>>(),
  awb: text('awb'),
  awbAssignedAt: timestamp('awb_assigned_at', { withTimezone: true }),
  pickupScheduledAt: timestamp('pickup_scheduled_at', { withTimezone: true }),
  etd: timestamp('etd', { withTimezone: true }),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  /** The courier's scans, oldest first, as Shiprocket's tracking reply gives them. */
  scans: jsonb('scans').$type<Record<string, string | number>[]>().notNull(),
  position: position(),
});
