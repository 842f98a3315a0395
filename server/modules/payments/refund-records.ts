import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders, payments, refunds } from '../../db/schema';
import { type Jobs, jobQueues } from '../../plugins/jobs';
import type { RazorpayRefund } from '../../providers/razorpay/types';
import { payingPaymentOf } from './payment-records';
import { type ChangeSource, recordChanges } from './status-history';

const RETRY_FAILED_REFUND_AFTER_SECONDS = 5 * 60;

/**
 * Records a refund Razorpay reported (the refund call's reply or a refund webhook) and, once processed,
 * what it means for the payment and the order, and queues the shopper's 'refunded' e-mail once the order is
 * refunded in full. Idempotent: a refund reported again changes nothing.
 */
export async function recordRefund(
  tx: Database,
  refund: RazorpayRefund,
  source: ChangeSource,
  jobs: Pick<Jobs, 'send'>,
): Promise<void> {
  // Lock order rule (a deadlock in Postgres otherwise): the order row, then its payment row — as
  // confirm-paid-order / payment-records and the payment.failed webhook take them — and a shipment row before
  // its order row (see create-shipment / apply-tracking). So the payment's order is looked up unlocked and
  // locked first; a payment's order never changes.
  const [owner] = await tx
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(eq(payments.razorpayPaymentId, refund.payment_id));
  if (!owner) return;
  const [order] = await tx.select().from(orders).where(eq(orders.id, owner.orderId)).for('update');
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.razorpayPaymentId, refund.payment_id))
    .for('update');
  if (!payment) return;
  // Razorpay lets an order be paid twice; a refund of the second (stray) payment says nothing of the order.
  const paying = await payingPaymentOf(tx, payment.orderId);
  const stray = paying !== undefined && paying.id !== payment.id;

  const [existing] = await tx.select().from(refunds).where(eq(refunds.razorpayRefundId, refund.id));
  if (existing?.status === refund.status || existing?.status === 'processed') return;
  if (existing) {
    await tx
      .update(refunds)
      .set({ status: refund.status, updatedAt: sql`now()` })
      .where(eq(refunds.id, existing.id));
  } else {
    await tx.insert(refunds).values({
      paymentId: payment.id,
      razorpayRefundId: refund.id,
      amountPaise: refund.amount,
      status: refund.status,
    });
  }
  const [row] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.razorpayRefundId, refund.id));
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
  // A failed refund is still owed: its job tries again later with a new key (the cancelled-order job finds
  // nothing owed for an order that is not cancelled).
  if (refund.status === 'failed') {
    const retry = { startAfterSeconds: RETRY_FAILED_REFUND_AFTER_SECONDS };
    if (stray) await jobs.send(tx, jobQueues.refundStrayPayment, { paymentId: payment.id }, retry);
    else await jobs.send(tx, jobQueues.refundCancelledOrder, { orderId: payment.orderId }, retry);
  }
  if (refund.status !== 'processed') return;

  const [{ refunded } = { refunded: 0 }] = await tx
    .select({ refunded: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), eq(refunds.status, 'processed')));
  const fullyRefunded = refunded >= payment.amountPaise;
  await tx
    .update(payments)
    .set({
      amountRefundedPaise: refunded,
      status: fullyRefunded ? 'refunded' : payment.status,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, payment.id));
  await recordChanges(tx, source, [
    {
      entity: 'payment',
      entityId: payment.id,
      field: 'status',
      from: payment.status,
      to: fullyRefunded ? 'refunded' : payment.status,
    },
  ]);

  // Locked above, before the payment; nothing since has changed it.
  if (!order || stray) return;
  const paymentStatus = fullyRefunded ? 'refunded' : 'partially_refunded';
  await tx.update(orders).set({ paymentStatus, updatedAt: sql`now()` }).where(eq(orders.id, order.id));
  await recordChanges(tx, source, [
    {
      entity: 'order',
      entityId: order.id,
      field: 'paymentStatus',
      from: order.paymentStatus,
      to: paymentStatus,
    },
  ]);
  if (paymentStatus === 'refunded' && order.paymentStatus !== 'refunded') {
    await jobs.send(tx, jobQueues.sendOrderEmail, { orderId: order.id, kind: 'refunded' });
  }
}
