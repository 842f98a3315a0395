import { eq } from 'drizzle-orm';
import { payments, refunds } from '../../db/schema';
import { payingPaymentOf } from './payment-records';
import { recordRefund } from './refund-records';
import type { PaymentDeps } from './settle-payment';

const MAX_FAILED_REFUNDS = 5;

export interface StrayPaymentJob {
  /** Our payments row id. */
  paymentId: string;
}

/** Razorpay: at least 10 characters, letters, digits, '-' and '_'; one refund per stray payment. */
export function strayRefundIdempotencyKey(razorpayPaymentId: string): string {
  return `stray-${razorpayPaymentId}`;
}

/**
 * The stray-payment refund job: refunds the payment in full, with a key derived from the payment, and records
 * the refund. Idempotent: a refunded (or refunding) payment is left alone, and the same key gives the same
 * Razorpay refund. Throws when Razorpay cannot be asked; the job retries with backoff.
 */
export async function refundStrayPayment(deps: PaymentDeps, job: StrayPaymentJob): Promise<void> {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, job.paymentId));
  if (payment?.status !== 'captured') return;
  const paying = await payingPaymentOf(deps.db, payment.orderId);
  if (!paying || paying.id === payment.id) return;
  const earlier = await deps.db
    .select({ status: refunds.status })
    .from(refunds)
    .where(eq(refunds.paymentId, payment.id));
  if (earlier.some((refund) => refund.status === 'pending' || refund.status === 'processed')) return;
  const failedBefore = earlier.filter((refund) => refund.status === 'failed').length;
  if (failedBefore >= MAX_FAILED_REFUNDS) {
    deps.log.error({ paymentId: payment.id, failedBefore }, 'stray refund keeps failing; refund it by hand');
    return;
  }
  const key = strayRefundIdempotencyKey(payment.razorpayPaymentId);
  const refund = await deps.razorpay.client.refundPayment(payment.razorpayPaymentId, {
    idempotencyKey: failedBefore === 0 ? key : `${key}-retry-${failedBefore}`,
    notes: { order_id: payment.orderId, reason: 'Second payment of an order already paid' },
  });
  await deps.db.transaction((tx) => recordRefund(tx, refund, 'system', deps.jobs));
}
