import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders, refunds } from '../../db/schema';
import { type Jobs, jobQueues } from '../../plugins/jobs';
import { RazorpayError } from '../../providers/razorpay/client';
import type { RazorpayRefund } from '../../providers/razorpay/types';
import { payingPaymentOf } from '../payments/payment-records';
import { recordRefund } from '../payments/refund-records';
import type { PaymentDeps } from '../payments/settle-payment';
import type { ChangeSource } from '../payments/status-history';
import { owesRefund } from './order-view';

export interface RefundJob {
  orderId: string;
}

export type RefundOutcome = 'nothing_owed' | RazorpayRefund['status'];

/** After this many failed refunds of one order, a person has to look: the job stops trying. */
const MAX_FAILED_REFUNDS = 5;
// providers.md: Razorpay answers 409 while a request with the same idempotency key is still being processed.
const IN_PROGRESS_RETRIES = 3;
const IN_PROGRESS_WAIT_MS = 300;

/**
 * The refund's idempotency key, derived from our order id so that every retry of the same attempt (a second
 * click, the job, a lost reply) asks Razorpay for the same refund. A new key is used only after Razorpay
 * reported the earlier refund failed. Razorpay: at least 10 characters, letters, digits, '-' and '_'.
 */
export function refundIdempotencyKey(orderId: string, failedBefore: number): string {
  return failedBefore === 0 ? `cancel-${orderId}` : `cancel-${orderId}-retry-${failedBefore}`;
}

async function askForRefund(
  deps: PaymentDeps,
  razorpayPaymentId: string,
  input: { idempotencyKey: string; notes: Record<string, string> },
): Promise<RazorpayRefund> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.razorpay.client.refundPayment(razorpayPaymentId, input);
    } catch (error) {
      const inProgress = error instanceof RazorpayError && error.status === 409;
      if (!inProgress || attempt >= IN_PROGRESS_RETRIES) throw error;
      await sleep(IN_PROGRESS_WAIT_MS * attempt);
    }
  }
}

/**
 * Refunds, in full, what a cancelled order still owes the shopper, and records it. Safe to run any number of
 * times and at once (the cancel request and the refund job may): the same idempotency key gives the same
 * Razorpay refund, and the refund row is unique by Razorpay's id. Throws RazorpayError when Razorpay cannot be
 * asked; the refund job is then retried with backoff.
 */
export async function refundCancelledOrder(
  deps: PaymentDeps,
  orderId: string,
  source: ChangeSource,
): Promise<RefundOutcome> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || !owesRefund(order)) return 'nothing_owed';
  const payment = await payingPaymentOf(deps.db, orderId);
  if (!payment) {
    deps.log.error({ orderId }, 'paid order has no captured payment to refund');
    return 'nothing_owed';
  }
  const earlier = await deps.db
    .select({ status: refunds.status })
    .from(refunds)
    .where(eq(refunds.paymentId, payment.id));
  // Razorpay settles a pending refund on its own and tells us by webhook (refund.processed or refund.failed).
  if (earlier.some((refund) => refund.status === 'pending')) return 'pending';
  const failedBefore = earlier.filter((refund) => refund.status === 'failed').length;
  if (failedBefore >= MAX_FAILED_REFUNDS) {
    deps.log.error({ orderId, failedBefore }, 'refund keeps failing; refund this order by hand');
    return 'failed';
  }

  const refund = await askForRefund(deps, payment.razorpayPaymentId, {
    idempotencyKey: refundIdempotencyKey(orderId, failedBefore),
    // The same body on every retry: Razorpay refuses a reused key with a different request.
    notes: { order_id: orderId, reason: 'Order cancelled by the shopper' },
  });
  await deps.db.transaction((tx) => recordRefund(tx, refund, source, deps.jobs));
  return refund.status;
}

/** A cancelled order still owing money this long has lost its refund job (the job itself waits a minute). */
const OWED_AFTER_MINUTES = 30;
const SWEEP_LIMIT = 200;

/**
 * pg-boss gives the refund job up after its retries (about 11 hours of Razorpay failing). This sweep, run with
 * the tracking poll, queues it again for every cancelled order that still owes its shopper money, at most
 * one live sweep job an order; the job is idempotent, so meeting the original one is harmless. Returns how
 * many it queued.
 */
export async function requeueOwedRefunds(deps: { db: Database; jobs: Pick<Jobs, 'send'> }): Promise<number> {
  const owed = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'cancelled'),
        inArray(orders.paymentStatus, ['paid', 'partially_refunded']),
        lt(orders.updatedAt, sql`now() - make_interval(mins => ${OWED_AFTER_MINUTES}::int)`),
      ),
    )
    .orderBy(orders.updatedAt)
    .limit(SWEEP_LIMIT);
  let queued = 0;
  for (const order of owed) {
    const job: RefundJob = { orderId: order.id };
    const sent = await deps.db.transaction((tx) =>
      deps.jobs.send(tx, jobQueues.refundCancelledOrder, job, { singletonKey: `owed-${order.id}` }),
    );
    if (sent) queued += 1;
  }
  return queued;
}
