import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payments, refunds, returnRefunds, staffRefunds } from '../../db/schema';
import type { RazorpayRefund } from '../../providers/razorpay/types';
import { type ChangeSource, recordChanges } from '../history/status-history';
import { payingPaymentOf } from './payment-records';

export interface RecordedRefund {
  /** Our refunds row. */
  refundId: string;
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
  const summary = async (
    refundId: string,
    changed: boolean,
    fullyRefunded: boolean,
  ): Promise<RecordedRefund> => {
    const [{ failed } = { failed: 0 }] = await tx
      .select({ failed: sql<number>`count(*)::int` })
      .from(refunds)
      .where(and(eq(refunds.paymentId, payment.id), eq(refunds.status, 'failed')));
    return {
      refundId,
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
    return summary(existing.id, false, payment.status === 'refunded');
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
  if (!row) throw new Error(`refund ${refund.id} was not written`);
  await recordChanges(tx, source, [
    {
      entity: 'refund',
      entityId: row.id,
      field: 'status',
      from: existing?.status ?? null,
      to: refund.status,
    },
  ]);
  if (refund.status !== 'processed') return summary(row.id, true, false);

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
  return summary(row.id, true, fullyRefunded);
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

/** A refund as its message to the shopper tells it (docs/product.md#order-messages). */
export interface RefundToTell {
  id: string;
  amountPaise: number;
  /** The staff's reason, for a refund made in the console. */
  reason: string | null;
  shopperNotifiedAt: Date | null;
  /** The refund of a return's (docs/product.md#returns): the return's own message tells it. */
  forReturn: boolean;
  /** Where it went, for a COD order's refund (`codRefundsToTell`); null: to the original payment. */
  to: string | null;
}

/** The order's processed refunds, newest first, with the staff's reason where the console made them. */
export async function processedRefundsOfOrder(db: Database, orderId: string): Promise<RefundToTell[]> {
  return db
    .select({
      id: refunds.id,
      amountPaise: refunds.amountPaise,
      reason: staffRefunds.reason,
      shopperNotifiedAt: refunds.shopperNotifiedAt,
      forReturn: sql<boolean>`${returnRefunds.id} is not null`,
      to: sql<string | null>`null`,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .leftJoin(staffRefunds, eq(staffRefunds.razorpayRefundId, refunds.razorpayRefundId))
    .leftJoin(returnRefunds, eq(returnRefunds.razorpayRefundId, refunds.razorpayRefundId))
    .where(and(eq(payments.orderId, orderId), eq(refunds.status, 'processed')))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
}

/**
 * Takes the one telling of a refund to the shopper: true for the first caller only, so a job run twice sends
 * its message once. A send that fails gives it back (`releaseRefundMessage`) for the retry.
 */
export async function claimRefundMessage(db: Database, refundId: string): Promise<boolean> {
  const claimed = await db
    .update(refunds)
    .set({ shopperNotifiedAt: sql`now()` })
    .where(and(eq(refunds.id, refundId), isNull(refunds.shopperNotifiedAt)))
    .returning({ id: refunds.id });
  return claimed.length > 0;
}

export async function releaseRefundMessage(db: Database, refundId: string): Promise<void> {
  await db.update(refunds).set({ shopperNotifiedAt: null }).where(eq(refunds.id, refundId));
}
