import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders, payments, refunds } from '../../db/schema';
import type { RazorpayRefund } from '../../providers/razorpay/types';
import { type ChangeSource, recordChanges } from './status-history';

/**
 * Records a refund Razorpay reported (the refund call's reply or a refund webhook) and, once processed,
 * what it means for the payment and the order. Idempotent: a refund reported again changes nothing.
 */
export async function recordRefund(
  tx: Database,
  refund: RazorpayRefund,
  source: ChangeSource,
): Promise<void> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.razorpayPaymentId, refund.payment_id))
    .for('update');
  if (!payment) return;

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

  const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update');
  if (!order) return;
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
}
