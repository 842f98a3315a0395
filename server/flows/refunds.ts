import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, gt, inArray, lt, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orders, payments, refunds } from '../db/schema';
import { type Jobs, jobQueues } from '../job-queues';
import type { ChangeSource } from '../modules/history/status-history';
import { issueCreditNoteForRefund } from '../modules/invoices/credit-note-for-refund';
import { MAX_FAILED_REFUNDS, owesRefund } from '../modules/orders/lifecycle';
import { applyOrderEvent, lockOrder } from '../modules/orders/order-writer';
import { payingPaymentOf } from '../modules/payments/payment-records';
import {
  orderOfRazorpayPayment,
  recordRefund,
  refundsOfPayment,
  stalePendingRefunds,
} from '../modules/payments/refund-records';
import { RazorpayError } from '../providers/razorpay/client';
import type { RazorpayRefund } from '../providers/razorpay/types';
import type { PaymentDeps } from './deps';
import { orderEventOf } from './refund-events';
import { recordReturnRazorpayRefund } from './return-refunds';

export { orderEventOf };

export type RefundOutcome = 'nothing_owed' | RazorpayRefund['status'];

// Razorpay answers 409 while a request with the same idempotency key is still being processed.
const IN_PROGRESS_RETRIES = 3;
const IN_PROGRESS_WAIT_MS = 300;

/**
 * Records what Razorpay reported of a refund (the refund call's reply, a refund webhook or a fetch) under the
 * order's locks, and hands it to the order lifecycle: the order's payment status, the 'refunded' e-mail, a
 * retry after a failure. Idempotent: a refund reported again changes nothing.
 */
export async function settleRefund(
  deps: { db: Database; jobs: Pick<Jobs, 'send'> },
  refund: RazorpayRefund,
  source: ChangeSource,
): Promise<void> {
  const orderId = await orderOfRazorpayPayment(deps.db, refund.payment_id);
  if (!orderId) return;
  await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    if (!locked) return;
    // A return's refund settles its return too (docs/architecture.md#returns).
    if (await recordReturnRazorpayRefund(locked, deps.jobs, refund, source)) return;
    const recorded = await recordRefund(tx, refund, source);
    if (!recorded?.changed) return;
    await issueCreditNoteForRefund(tx, recorded, refund);
    const event = orderEventOf(recorded);
    if (event) await applyOrderEvent(locked, deps.jobs, event, source);
  });
}

/**
 * The refund's idempotency key, derived from our order id so that every retry of the same attempt (a second
 * click, the job, a lost reply) asks Razorpay for the same refund. A new key is used only after Razorpay
 * reported the earlier refund failed. Razorpay: at least 10 characters, letters, digits, '-' and '_'.
 */
export function refundIdempotencyKey(orderId: string, failedBefore: number): string {
  return failedBefore === 0 ? `cancel-${orderId}` : `cancel-${orderId}-retry-${failedBefore}`;
}

/** Razorpay: one refund per stray payment, keyed by the payment. */
export function strayRefundIdempotencyKey(razorpayPaymentId: string): string {
  return `stray-${razorpayPaymentId}`;
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
  // A cancelled replacement (docs/product.md#returns) was never paid for: nothing to give back.
  if (!order || !owesRefund(order) || order.totalPaise === 0) return 'nothing_owed';
  const payment = await payingPaymentOf(deps.db, orderId);
  if (!payment) {
    deps.log.error({ orderId }, 'paid order has no captured payment to refund');
    return 'nothing_owed';
  }
  const earlier = await refundsOfPayment(deps.db, payment.id);
  // Razorpay settles a pending refund on its own and tells us by webhook (or the sweep asks).
  if (earlier.pending) return 'pending';
  if (earlier.failed >= MAX_FAILED_REFUNDS) {
    deps.log.error({ orderId, failed: earlier.failed }, 'refund keeps failing; refund this order by hand');
    return 'failed';
  }
  const refund = await askForRefund(deps, payment.razorpayPaymentId, {
    idempotencyKey: refundIdempotencyKey(orderId, earlier.failed),
    // The same body on every retry: Razorpay refuses a reused key with a different request.
    notes: { order_id: orderId, reason: 'Order cancelled by the shopper' },
  });
  await settleRefund(deps, refund, source);
  return refund.status;
}

/**
 * The stray-payment refund job: refunds in full a second payment of an order another payment paid, with a
 * key derived from the payment, and records the refund. Idempotent: a refunded (or refunding) payment is left
 * alone. Throws when Razorpay cannot be asked; the job retries with backoff.
 */
export async function refundStrayPayment(deps: PaymentDeps, job: { paymentId: string }): Promise<void> {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, job.paymentId));
  if (payment?.status !== 'captured') return;
  const paying = await payingPaymentOf(deps.db, payment.orderId);
  if (!paying || paying.id === payment.id) return;
  const earlier = await refundsOfPayment(deps.db, payment.id);
  if (earlier.pending || earlier.processed) return;
  if (earlier.failed >= MAX_FAILED_REFUNDS) {
    deps.log.error({ paymentId: payment.id, failed: earlier.failed }, 'stray refund keeps failing');
    return;
  }
  const key = strayRefundIdempotencyKey(payment.razorpayPaymentId);
  const refund = await deps.razorpay.client.refundPayment(payment.razorpayPaymentId, {
    idempotencyKey: earlier.failed === 0 ? key : `${key}-retry-${earlier.failed}`,
    notes: { order_id: payment.orderId, reason: 'Second payment of an order already paid' },
  });
  await settleRefund(deps, refund, 'system');
}

/** A refund owed this long without a live job has lost it (the cancel's own job waits only a minute). */
const OWED_AFTER_MINUTES = 30;
/** Razorpay settles most refunds within minutes; pending past this, its webhook may have been lost. */
const PENDING_REFUND_CHECK_AFTER_MINUTES = 60;
const SWEEP_LIMIT = 200;

type SweepDeps = { db: Database; jobs: Pick<Jobs, 'send'> };

/**
 * pg-boss gives the refund job up after its retries (about 11 hours of Razorpay failing). This sweep, run with
 * the tracking poll, queues it again for every cancelled order that still owes its shopper money, at most
 * one live sweep job an order; the job is idempotent, so meeting the original one is harmless. Returns how
 * many it queued.
 */
export async function requeueOwedRefunds(deps: SweepDeps): Promise<number> {
  const owed = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'cancelled'),
        // docs/product.md#part-paid-cod: a cancelled COD order owes back its advance.
        or(inArray(orders.paymentStatus, ['paid', 'partially_refunded']), eq(orders.codAdvance, 'paid')),
        gt(orders.totalPaise, 0),
        lt(orders.updatedAt, sql`now() - make_interval(mins => ${OWED_AFTER_MINUTES}::int)`),
      ),
    )
    .orderBy(orders.updatedAt)
    .limit(SWEEP_LIMIT);
  let queued = 0;
  for (const order of owed) {
    const sent = await deps.db.transaction((tx) =>
      deps.jobs.send(
        tx,
        jobQueues.refundCancelledOrder,
        { orderId: order.id },
        { singletonKey: `owed-${order.id}` },
      ),
    );
    if (sent) queued += 1;
  }
  return queued;
}

/**
 * The stray-payment refund job gives up too. This sweep queues it again for every captured payment that is
 * not the one that paid its order, has no refund under way or done, and was found a while ago.
 */
export async function requeueStrayRefunds(deps: SweepDeps): Promise<number> {
  const candidates = await deps.db
    .select({ id: payments.id, orderId: payments.orderId })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'captured'),
        lt(payments.updatedAt, sql`now() - make_interval(mins => ${OWED_AFTER_MINUTES}::int)`),
        notExists(
          deps.db
            .select({ id: refunds.id })
            .from(refunds)
            .where(
              and(eq(refunds.paymentId, payments.id), inArray(refunds.status, ['pending', 'processed'])),
            ),
        ),
      ),
    )
    .orderBy(payments.updatedAt)
    .limit(SWEEP_LIMIT);
  let queued = 0;
  for (const payment of candidates) {
    const paying = await payingPaymentOf(deps.db, payment.orderId);
    if (!paying || paying.id === payment.id) continue;
    const sent = await deps.db.transaction((tx) =>
      deps.jobs.send(
        tx,
        jobQueues.refundStrayPayment,
        { paymentId: payment.id },
        { singletonKey: `stray-${payment.id}` },
      ),
    );
    if (sent) queued += 1;
  }
  return queued;
}

/**
 * A refund Razorpay accepted stays pending until its webhook says how it ended. When that webhook is lost,
 * this sweep asks Razorpay about each refund pending for over an hour and settles it as a webhook would.
 * Returns how many it settled; stops early while Razorpay is unreachable.
 */
export async function settleStalePendingRefunds(deps: PaymentDeps): Promise<number> {
  const stale = await stalePendingRefunds(deps.db, PENDING_REFUND_CHECK_AFTER_MINUTES, SWEEP_LIMIT);
  let settled = 0;
  for (const { razorpayRefundId } of stale) {
    try {
      const refund = await deps.razorpay.client.fetchRefund(razorpayRefundId);
      if (refund.status === 'pending') continue;
      await settleRefund(deps, refund, 'reconciler');
      settled += 1;
    } catch (error) {
      deps.log.warn({ err: error, razorpayRefundId }, 'could not ask Razorpay about a pending refund');
      if (error instanceof RazorpayError && error.kind === 'unavailable') break;
    }
  }
  return settled;
}

/** Razorpay's normal refunds settle within days, but most within hours: a day pending needs a person to look. */
const PENDING_REFUND_FLAG_AFTER_HOURS = 24;

/**
 * Flags for the owner each order whose refund has been pending at Razorpay for over a day (through the
 * lifecycle, which clears the flag once the refund settles or fails). Returns how many orders it looked at.
 */
export async function flagLongPendingRefunds(deps: SweepDeps): Promise<number> {
  const overdue = await deps.db
    .selectDistinct({ orderId: payments.orderId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(refunds.status, 'pending'),
        lt(refunds.createdAt, sql`now() - make_interval(hours => ${PENDING_REFUND_FLAG_AFTER_HOURS}::int)`),
      ),
    )
    .limit(SWEEP_LIMIT);
  for (const { orderId } of overdue) {
    await deps.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, orderId);
      if (locked) await applyOrderEvent(locked, deps.jobs, { type: 'refund_overdue' }, 'system');
    });
  }
  return overdue.length;
}
