import { desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  simulatedRazorpayOrders as razorpayOrders,
  simulatedRazorpayPayments as razorpayPayments,
  simulatedRazorpayRefunds as razorpayRefunds,
} from '../../db/schema';
import { createStateWriter } from '../state-writer';
import type {
  RazorpayChange,
  RazorpayEntityKey,
  SavedRazorpayState,
  SimulatedOrder,
  SimulatedPayment,
  SimulatedRefund,
} from './store';

type OrderRow = typeof razorpayOrders.$inferSelect;
type PaymentRow = typeof razorpayPayments.$inferSelect;
type RefundRow = typeof razorpayRefunds.$inferSelect;

function orderEntity(row: OrderRow): SimulatedOrder {
  return {
    id: row.id,
    entity: 'order',
    amount: row.amount,
    amount_paid: row.amountPaid,
    amount_due: row.amount - row.amountPaid,
    currency: row.currency,
    receipt: row.receipt,
    offer_id: null,
    status: row.status,
    attempts: row.attempts,
    notes: row.notes,
    created_at: row.createdAt,
  };
}

function orderColumns(order: SimulatedOrder) {
  return {
    id: order.id,
    amount: order.amount,
    amountPaid: order.amount_paid,
    currency: order.currency,
    receipt: order.receipt,
    status: order.status,
    attempts: order.attempts,
    notes: order.notes,
    createdAt: order.created_at,
  };
}

function paymentEntity(row: PaymentRow): SimulatedPayment {
  const { details } = row;
  return {
    id: row.id,
    entity: 'payment',
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    order_id: row.orderId,
    invoice_id: null,
    international: false,
    method: details.method,
    amount_refunded: row.amountRefunded,
    refund_status: row.refundStatus,
    captured: row.captured,
    description: details.description,
    card_id: details.cardId,
    bank: null,
    wallet: null,
    vpa: details.vpa,
    email: details.email,
    contact: details.contact,
    notes: details.notes,
    fee: row.fee,
    tax: row.tax,
    error_code: details.error?.code ?? null,
    error_description: details.error?.description ?? null,
    error_source: details.error?.source ?? null,
    error_step: details.error?.step ?? null,
    error_reason: details.error?.reason ?? null,
    acquirer_data: details.acquirerData,
    created_at: row.createdAt,
  };
}

function paymentColumns(payment: SimulatedPayment) {
  const failed = payment.error_code !== null;
  return {
    id: payment.id,
    orderId: payment.order_id ?? '',
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
    amountRefunded: payment.amount_refunded,
    refundStatus: payment.refund_status,
    captured: payment.captured,
    fee: payment.fee,
    tax: payment.tax,
    details: {
      method: payment.method,
      description: payment.description,
      cardId: payment.card_id,
      vpa: payment.vpa,
      email: payment.email,
      contact: payment.contact,
      notes: payment.notes,
      error: failed
        ? {
            code: payment.error_code ?? '',
            description: payment.error_description ?? '',
            source: payment.error_source ?? '',
            step: payment.error_step ?? '',
            reason: payment.error_reason ?? '',
          }
        : null,
      acquirerData: payment.acquirer_data,
    },
    createdAt: payment.created_at,
  };
}

function refundEntity(row: RefundRow): SimulatedRefund {
  return {
    id: row.id,
    entity: 'refund',
    amount: row.amount,
    currency: row.currency,
    payment_id: row.paymentId,
    notes: row.notes,
    receipt: row.receipt,
    acquirer_data: { arn: null },
    batch_id: null,
    status: row.status,
    speed_requested: row.speedRequested,
    speed_processed: row.speedProcessed,
    created_at: row.createdAt,
  };
}

function refundColumns(refund: SimulatedRefund, idempotencyKey: string | null) {
  return {
    id: refund.id,
    paymentId: refund.payment_id,
    amount: refund.amount,
    currency: refund.currency,
    status: refund.status,
    speedRequested: refund.speed_requested,
    speedProcessed: refund.speed_processed,
    notes: refund.notes,
    receipt: refund.receipt,
    idempotencyKey,
    createdAt: refund.created_at,
  };
}

function stateOf(orderRows: OrderRow[], paymentRows: PaymentRow[], refundRows: RefundRow[]) {
  return {
    orders: orderRows.map(orderEntity),
    payments: paymentRows.map(paymentEntity),
    refunds: refundRows.map((row) => ({ refund: refundEntity(row), idempotencyKey: row.idempotencyKey })),
  };
}

/** The account as the database kept it, oldest first: its newest `keep` orders, with their payments and refunds. */
async function loadRazorpayState(db: Database, keep: number | undefined): Promise<SavedRazorpayState> {
  if (keep === undefined) {
    const [orderRows, paymentRows, refundRows] = await Promise.all([
      db.select().from(razorpayOrders).orderBy(razorpayOrders.position),
      db.select().from(razorpayPayments).orderBy(razorpayPayments.position),
      db.select().from(razorpayRefunds).orderBy(razorpayRefunds.position),
    ]);
    return stateOf(orderRows, paymentRows, refundRows);
  }
  const newest = db
    .select({ id: razorpayOrders.id })
    .from(razorpayOrders)
    .orderBy(desc(razorpayOrders.position))
    .limit(keep);
  return loadOrders(db, inArray(razorpayOrders.id, newest), inArray(razorpayPayments.orderId, newest));
}

/** The orders the conditions pick, with all their payments and those payments' refunds, oldest first. */
async function loadOrders(db: Database, orderWhere: SQL, paymentWhere: SQL): Promise<SavedRazorpayState> {
  const [orderRows, paymentRows] = await Promise.all([
    db.select().from(razorpayOrders).where(orderWhere).orderBy(razorpayOrders.position),
    db.select().from(razorpayPayments).where(paymentWhere).orderBy(razorpayPayments.position),
  ]);
  const paymentIds = paymentRows.map((row) => row.id);
  const refundRows =
    paymentIds.length === 0
      ? []
      : await db
          .select()
          .from(razorpayRefunds)
          .where(inArray(razorpayRefunds.paymentId, paymentIds))
          .orderBy(razorpayRefunds.position);
  return stateOf(orderRows, paymentRows, refundRows);
}

/** The order a call names (by its own id, a payment's or a refund's), with its payments and refunds. */
async function loadOrderOf(db: Database, key: RazorpayEntityKey): Promise<SavedRazorpayState> {
  let orderId: string | undefined;
  if ('orderId' in key) orderId = key.orderId;
  else if ('paymentId' in key) {
    const [payment] = await db
      .select({ orderId: razorpayPayments.orderId })
      .from(razorpayPayments)
      .where(eq(razorpayPayments.id, key.paymentId));
    orderId = payment?.orderId;
  } else {
    const [refund] = await db
      .select({ orderId: razorpayPayments.orderId })
      .from(razorpayRefunds)
      .innerJoin(razorpayPayments, eq(razorpayPayments.id, razorpayRefunds.paymentId))
      .where(eq(razorpayRefunds.id, key.refundId));
    orderId = refund?.orderId;
  }
  if (orderId === undefined) return { orders: [], payments: [], refunds: [] };
  return loadOrders(db, eq(razorpayOrders.id, orderId), eq(razorpayPayments.orderId, orderId));
}

/** Writes one entity as it now is: made, or changed (its place in the load order stays). */
async function saveRazorpayChange(db: Database, change: RazorpayChange): Promise<void> {
  switch (change.entity) {
    case 'order': {
      const { id, ...columns } = orderColumns(change.order);
      await db
        .insert(razorpayOrders)
        .values({ id, ...columns })
        .onConflictDoUpdate({ target: razorpayOrders.id, set: columns });
      return;
    }
    case 'payment': {
      const { id, ...columns } = paymentColumns(change.payment);
      await db
        .insert(razorpayPayments)
        .values({ id, ...columns })
        .onConflictDoUpdate({ target: razorpayPayments.id, set: columns });
      return;
    }
    case 'refund': {
      const { id, ...columns } = refundColumns(change.refund, change.idempotencyKey);
      await db
        .insert(razorpayRefunds)
        .values({ id, ...columns })
        .onConflictDoUpdate({ target: razorpayRefunds.id, set: columns });
      return;
    }
  }
}

/**
 * The Razorpay simulator's state kept in the shop's database (docs/operations.md#simulator-state): what it
 * starts from, where its changes go, and a promise of all of them written.
 */
export async function keepRazorpayStateIn(db: Database, onError: (error: unknown) => void, keep?: number) {
  const saved = await loadRazorpayState(db, keep);
  const writer = createStateWriter(onError);
  return {
    saved,
    keep,
    onChange: (change: RazorpayChange) => writer.write(() => saveRazorpayChange(db, change)),
    /** After every change so far is written, so what it reads is never older than what was answered. */
    async load(key: RazorpayEntityKey): Promise<SavedRazorpayState> {
      await writer.flushed();
      return loadOrderOf(db, key);
    },
    flushed: writer.flushed,
  };
}
