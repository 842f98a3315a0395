import { bigint, boolean, integer, jsonb, pgSchema, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * docs/operations.md#simulator-state: what the local Razorpay, RazorpayX and Shiprocket know, kept beside the shop's rows
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
  /** The consignee refused the parcel (or could not be reached): it goes back to the pickup address. */
  rtoRequested: boolean('rto_requested').notNull().default(false),
  rtoInitiatedAt: timestamp('rto_initiated_at', { withTimezone: true }),
  rtoDeliveredAt: timestamp('rto_delivered_at', { withTimezone: true }),
  /** A forward order (`/orders/create/adhoc`) or a return order (`/orders/create/return`). */
  kind: text('kind', { enum: ['forward', 'return'] })
    .notNull()
    .default('forward'),
  /** What the controls made go wrong at the courier ('pickup_failed', 'lost'), and how far along it the parcel is. */
  failure: text('failure', { enum: ['pickup_failed', 'lost'] }),
  failureSteps: integer('failure_steps').notNull().default(0),
  /** The courier's scans, oldest first, as Shiprocket's tracking reply gives them. */
  scans: jsonb('scans').$type<Record<string, string | number>[]>().notNull(),
  /** docs/architecture.md#shiprocket-ndr: the parcel's failed deliveries and the actions taken, as the simulator keeps them. */
  ndr: jsonb('ndr').$type<Record<string, unknown>>(),
  position: position(),
});

/** One line of a COD remittance: a delivered parcel's cash, as the courier collected it and as it was paid. */
export interface SimulatedRemittanceLine {
  awb: string;
  /** Ours (Shiprocket's channel order id). */
  orderId: string;
  srOrderId: number;
  codAmountPaise: number;
  remittedAmountPaise: number;
}

/** A cycle in which Shiprocket paid delivered COD parcels' cash to the brand's bank account. */
export const simulatedShiprocketRemittances = simulatorSchema.table('shiprocket_remittances', {
  id: text('id').primaryKey(),
  utr: text('utr').notNull(),
  /** The day the money was sent, in India: yyyy-mm-dd. */
  remittedOn: text('remitted_on').notNull(),
  lines: jsonb('lines').$type<SimulatedRemittanceLine[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  position: position(),
});

export const simulatedRazorpayxPayouts = simulatorSchema.table('razorpayx_payouts', {
  id: text('id').primaryKey(),
  /** X-Payout-Idempotency: the same key answers this payout; with another body it is refused. */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  /** SHA-256 of the request body the key was first used with, its keys sorted. */
  requestHash: text('request_hash').notNull(),
  /** The payout entity as the API answers it now. */
  entity: jsonb('entity').$type<Record<string, unknown>>().notNull(),
  createdAt: unixSeconds('created_at'),
  position: position(),
});
