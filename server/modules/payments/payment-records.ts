import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type orders, type PaymentStatus, payments } from '../../db/schema';
import type { RazorpayPayment } from '../../providers/razorpay/types';
import { type ChangeSource, recordChanges } from '../history/status-history';

// Webhooks arrive in any order ("a payment.failed may precede a payment.captured of the same attempt"), so a
// payment's recorded status only ever moves forward along this ladder.
const progress: Record<PaymentStatus, number> = {
  created: 0,
  failed: 1,
  authorized: 2,
  captured: 3,
  refunded: 4,
};

/**
 * Records Razorpay's view of a payment of our order. The caller holds the order's row lock, so two reports of
 * the same payment never race here.
 */
export async function recordPayment(
  tx: Database,
  orderId: string,
  payment: RazorpayPayment,
  source: ChangeSource,
): Promise<typeof payments.$inferSelect> {
  const [existing] = await tx
    .select()
    .from(payments)
    .where(eq(payments.razorpayPaymentId, payment.id))
    .for('update');
  const fields = {
    status: payment.status,
    amountPaise: payment.amount,
    amountRefundedPaise: payment.amount_refunded,
    currency: payment.currency,
    method: payment.method,
    errorCode: payment.error_code,
    errorDescription: payment.error_description,
  };
  if (!existing) {
    const [inserted] = await tx
      .insert(payments)
      .values({ orderId, razorpayPaymentId: payment.id, razorpayOrderId: payment.order_id ?? '', ...fields })
      .returning();
    if (!inserted) throw new Error('payment row was not written');
    await recordChanges(tx, source, [
      { entity: 'payment', entityId: inserted.id, field: 'status', from: null, to: payment.status },
    ]);
    return inserted;
  }
  const movesForward = progress[payment.status] > progress[existing.status];
  const refundedMore = payment.amount_refunded > existing.amountRefundedPaise;
  if (!movesForward && !refundedMore) return existing;
  const [updated] = await tx
    .update(payments)
    .set({
      ...fields,
      status: movesForward ? payment.status : existing.status,
      amountRefundedPaise: Math.max(payment.amount_refunded, existing.amountRefundedPaise),
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, existing.id))
    .returning();
  if (!updated) throw new Error('payment row was not updated');
  await recordChanges(tx, source, [
    { entity: 'payment', entityId: existing.id, field: 'status', from: existing.status, to: updated.status },
  ]);
  return updated;
}

type PaymentRow = typeof payments.$inferSelect;

/** What the order's Razorpay order takes: a COD order's advance (docs/product.md#part-paid-cod), else its total. */
export function onlineAmountPaiseOf(
  order: Pick<typeof orders.$inferSelect, 'paymentMethod' | 'totalPaise' | 'codAdvancePaise'>,
): number {
  return order.paymentMethod === 'COD' ? order.codAdvancePaise : order.totalPaise;
}

/**
 * A payment pays an order only if it was made against that very Razorpay order, in full (a COD order's advance:
 * docs/product.md#part-paid-cod), in its currency.
 */
export function paymentPaysOrder(
  payment: RazorpayPayment,
  order: Pick<
    typeof orders.$inferSelect,
    'razorpayOrderId' | 'totalPaise' | 'currency' | 'paymentMethod' | 'codAdvancePaise'
  >,
): boolean {
  return (
    order.razorpayOrderId !== null &&
    payment.order_id === order.razorpayOrderId &&
    payment.amount === onlineAmountPaiseOf(order) &&
    payment.currency === order.currency
  );
}

/**
 * Dates a stray payment now, so that the first-recorded rule of `payingPaymentOf` keeps naming the paying
 * payment even when this one's row is older (a late capture of a failed attempt, or a transaction that began
 * first).
 */
export async function markStrayPayment(tx: Database, paymentId: string) {
  await tx.update(payments).set({ createdAt: sql`clock_timestamp()` }).where(eq(payments.id, paymentId));
}

/**
 * The payment that paid the order: the first captured payment recorded for it (`except` one). Razorpay lets a
 * shopper pay one order more than once; every later captured payment is stray and is refunded in full
 * (`markStrayPayment` dates a stray payment when it is found, so it never comes first).
 */
export async function payingPaymentOf(
  db: Database,
  orderId: string,
  except?: string,
): Promise<PaymentRow | undefined> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        inArray(payments.status, ['captured', 'refunded']),
        except ? ne(payments.id, except) : undefined,
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(1);
  return payment;
}
