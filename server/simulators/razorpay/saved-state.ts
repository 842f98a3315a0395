import type { Database } from '../../db/client';
import {
  simulatedRazorpayOrders as razorpayOrders,
  simulatedRazorpayPayments as razorpayPayments,
  simulatedRazorpayRefunds as razorpayRefunds,
} from '../../db/schema';
import { createStateWriter } from '../state-writer';
import type {
  RazorpayChange,
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

/** The account as the database kept it, oldest first. */
async function loadRazorpayState(db: Database): Promise<SavedRazorpayState> {
  const [orderRows, paymentRows, refundRows] = await Promise.all([
    db.select().from(razorpayOrders).orderBy(razorpayOrders.position),
    db.select().from(razorpayPayments).orderBy(razorpayPayments.position),
    db.select().from(razorpayRefunds).orderBy(razorpayRefunds.position),
  ]);
  return {
    orders: orderRows.map(orderEntity),
    payments: paymentRows.map(paymentEntity),
    refunds: refundRows.map((row) => ({ refund: refundEntity(row), idempotencyKey: row.idempotencyKey })),
  };
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
export async function keepRazorpayStateIn(db: Database, onError: (error: unknown) => void) {
  const saved = await loadRazorpayState(db);
  const writer = createStateWriter(onError);
  return {
    saved,
    onChange: (change: RazorpayChange) => writer.write(() => saveRazorpayChange(db, change)),
    flushed: writer.flushed,
  };
}
