import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payments, refunds } from '../../db/schema';
import type { RazorpayRefund } from '../../providers/razorpay/types';
import { type ChangeSource, recordChanges } from '../history/status-history';
import { payingPaymentOf } from './payment-records';

export interface RecordedRefund {
  /** Our payments row. */
  paymentId: string;
  orderId: string;
  /** False when the refund was already known in this status: nothing to act on. */
  changed: boolean;
  status: RazorpayRefund['status'];
  /** The refund is of a second payment of an order another payment paid. */
  stray: boolean;
  fullyRefunded: boolean;
  /** How many refunds of this payment failed, this one included. */
  failedAttempts: number;
}

/** The order a Razorpay payment belongs to (a payment's order never changes, so no lock is needed). */
export async function orderOfRazorpayPayment(db: Database, razorpayPaymentId: string) {
  const [owner] = await db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(eq(payments.razorpayPaymentId, razorpayPaymentId));
  return owner?.orderId;
}

/**
 * Records a refund Razorpay reported (the refund call's reply, a refund webhook or a fetch) and, once
 * processed, what it means for the payment. The caller holds the order's locks. Idempotent: a refund reported
 * again in the same status changes nothing.
 */
export async function recordRefund(
  tx: Database,
  refund: RazorpayRefund,
  source: ChangeSource,
): Promise<RecordedRefund | undefined> {
  const [payment] = await tx.select().from(payments).where(eq(payments.razorpayPaymentId, refund.payment_id));
  if (!payment) return undefined;
  const paying = await payingPaymentOf(tx, payment.orderId);
  const stray = paying !== undefined && paying.id !== payment.id;
  const summary = async (changed: boolean, fullyRefunded: boolean): Promise<RecordedRefund> => {
    const [{ failed } = { failed: 0 }] = await tx
      .select({ failed: sql<number>`count(*)::int` })
      .from(refunds)
      .where(and(eq(refunds.paymentId, payment.id), eq(refunds.status, 'failed')));
    return {
      paymentId: payment.id,
      orderId: payment.orderId,
      changed,
      status: refund.status,
      stray,
      fullyRefunded,
      failedAttempts: failed,
    };
  };

  const [existing] = await tx.select().from(refunds).where(eq(refunds.razorpayRefundId, refund.id));
  if (existing?.status === refund.status || existing?.status === 'processed') {
    return summary(false, payment.status === 'refunded');
  }
  const [row] = existing
    ? await tx
        .update(refunds)
        .set({ status: refund.status, updatedAt: sql`now()` })
        .where(eq(refunds.id, existing.id))
        .returning({ id: refunds.id })
    : await tx
        .insert(refunds)
        .values({
          paymentId: payment.id,
          razorpayRefundId: refund.id,
          amountPaise: refund.amount,
          status: refund.status,
        })
        .returning({ id: refunds.id });
  if (row) {
    await recordChanges(tx, source, [
      {
        entity: 'refund',
        entityId: row.id,
        field: 'status',
        from: existing?.status ?? null,
        to: refund.status,
      },
    ]);
  }
  if (refund.status !== 'processed') return summary(true, false);

  const [{ refunded } = { refunded: 0 }] = await tx
    .select({ refunded: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), eq(refunds.status, 'processed')));
  const fullyRefunded = refunded >= payment.amountPaise;
  const status = fullyRefunded ? 'refunded' : payment.status;
  await tx
    .update(payments)
    .set({ amountRefundedPaise: refunded, status, updatedAt: sql`now()` })
    .where(eq(payments.id, payment.id));
  await recordChanges(tx, source, [
    { entity: 'payment', entityId: payment.id, field: 'status', from: payment.status, to: status },
  ]);
  return summary(true, fullyRefunded);
}

/** Earlier refunds of one payment: whether one is under way or done, and how many failed. */
export async function refundsOfPayment(db: Database, paymentId: string) {
  const rows = await db
    .select({ status: refunds.status })
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId));
  return {
    pending: rows.some((row) => row.status === 'pending'),
    processed: rows.some((row) => row.status === 'processed'),
    failed: rows.filter((row) => row.status === 'failed').length,
  };
}

/** Refunds Razorpay accepted that have stayed pending this long: their webhook may have been lost. */
export async function stalePendingRefunds(db: Database, olderThanMinutes: number, limit: number) {
  return db
    .select({ razorpayRefundId: refunds.razorpayRefundId, razorpayPaymentId: payments.razorpayPaymentId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        inArray(refunds.status, ['pending']),
        lt(refunds.updatedAt, sql`now() - make_interval(mins => ${olderThanMinutes}::int)`),
      ),
    )
    .orderBy(refunds.updatedAt)
    .limit(limit);
}
