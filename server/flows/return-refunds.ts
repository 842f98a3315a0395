import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { returnRefunds, returns } from '../db/schema';
import type { Jobs } from '../job-queues';
import type { ChangeSource } from '../modules/history/status-history';
import { issueCreditNoteForRefund } from '../modules/invoices/credit-note-for-refund';
import type { LockedOrder } from '../modules/orders/order-writer';
import { applyOrderEvent } from '../modules/orders/order-writer';
import { payingPaymentOf } from '../modules/payments/payment-records';
import { recordRefund } from '../modules/payments/refund-records';
import {
  applyReturnEvent,
  type LockedReturn,
  lockReturn,
  lockReturnOf,
  returnRefundKey,
} from '../modules/returns/return-writer';
import { RazorpayError } from '../providers/razorpay/client';
import type { RazorpayRefund } from '../providers/razorpay/types';
import type { CodRefundOutcome, ReturnRefundDeps } from './deps';
import { orderEventOf } from './refund-events';

// docs/architecture.md#returns: a return's refund. The lifecycle decides it under the locks and writes the
// attempt (`return_refunds`, key `return-{id}-{attempt}`); the provider is asked after the commit, by the
// action at once and by the `return.refund` job if that call is lost. A prepaid order is refunded to its
// payment through Razorpay; a cash-on-delivery order to the shopper's UPI ID through the injected payout.

export type ReturnRefundOutcome = 'nothing_pending' | 'pending' | 'processed' | 'failed';

type RefundRow = typeof returnRefunds.$inferSelect;

async function currentAttempt(db: Database, returnId: string): Promise<RefundRow | undefined> {
  const [row] = await db
    .select({ attempt: returns.refundAttempts, status: returns.status })
    .from(returns)
    .where(eq(returns.id, returnId));
  if (row?.status !== 'refund_pending') return undefined;
  const [refund] = await db
    .select()
    .from(returnRefunds)
    .where(and(eq(returnRefunds.returnId, returnId), eq(returnRefunds.attempt, row.attempt)));
  return refund?.status === 'pending' ? refund : undefined;
}

/** The return event a provider's refund status means; pending changes nothing. */
async function settleAttempt(
  locked: LockedReturn,
  jobs: Pick<Jobs, 'send'>,
  refund: RefundRow,
  status: 'pending' | 'processed' | 'failed',
  source: ChangeSource,
  failure?: string | null,
) {
  if (status === 'pending') return;
  await locked.order.tx
    .update(returnRefunds)
    .set({ status, failure: failure ?? null, updatedAt: sql`now()` })
    .where(eq(returnRefunds.id, refund.id));
  const actor = {
    source: source === 'webhook' ? ('webhook' as const) : ('system' as const),
    detail: failure,
  };
  await applyReturnEvent(
    locked,
    jobs,
    { type: status === 'processed' ? 'refund_processed' : 'refund_failed' },
    actor,
  );
}

/**
 * Records Razorpay's refund of a return's attempt under the order's locks: the refund row (and its credit
 * note, from the returned lines), the order's payment status through the order lifecycle, and the return's
 * own status. Called with the refund call's reply and by `settleRefund` for its webhooks.
 */
export async function recordReturnRazorpayRefund(
  order: LockedOrder,
  jobs: Pick<Jobs, 'send'>,
  refund: RazorpayRefund,
  source: ChangeSource,
): Promise<boolean> {
  const { tx } = order;
  const [attempt] = await tx
    .select()
    .from(returnRefunds)
    .where(eq(returnRefunds.razorpayRefundId, refund.id))
    .for('update');
  if (!attempt) return false;
  const locked = await lockReturnOf(order, attempt.returnId);
  if (!locked) return false;
  const recorded = await recordRefund(tx, refund, source);
  if (recorded?.changed) {
    await issueCreditNoteForRefund(tx, recorded, refund);
    const event = orderEventOf(recorded);
    // A failed return refund is the return's to retry (the owner asks again), not the cancellation job's.
    if (event && event.type !== 'refund_failed') await applyOrderEvent(order, jobs, event, source);
  }
  if (attempt.status === 'pending' && refund.status !== 'pending') {
    const failure = refund.status === 'failed' ? 'Razorpay reported the refund failed.' : null;
    await settleAttempt(locked, jobs, attempt, refund.status, source, failure);
  }
  return true;
}

async function askRazorpay(deps: ReturnRefundDeps, refund: RefundRow, orderId: string) {
  const payment = await payingPaymentOf(deps.db, orderId);
  if (!payment) throw new Error(`prepaid order ${orderId} has no captured payment to refund`);
  return deps.razorpay.client.refundPayment(payment.razorpayPaymentId, {
    amount: refund.amountPaise,
    idempotencyKey: refund.idempotencyKey,
    // The same body on every retry: Razorpay refuses a reused key with a different request.
    notes: { order_id: orderId, return_id: refund.returnId, reason: 'Return' },
  });
}

async function refundByRazorpay(
  deps: ReturnRefundDeps,
  refund: RefundRow,
  orderId: string,
): Promise<ReturnRefundOutcome> {
  let reply: RazorpayRefund;
  try {
    reply = await askRazorpay(deps, refund, orderId);
  } catch (error) {
    // Razorpay down: nothing was made; the job asks again with the same key.
    if (!(error instanceof RazorpayError) || error.kind === 'unavailable') throw error;
    deps.log.warn({ err: error, returnId: refund.returnId }, 'Razorpay refused a return refund');
    await deps.db.transaction(async (tx) => {
      const locked = await lockReturn(tx, refund.returnId);
      if (!locked) return;
      await settleAttempt(locked, deps.jobs, refund, 'failed', 'system', error.message.slice(0, 300));
    });
    return 'failed';
  }
  await deps.db.transaction(async (tx) => {
    const locked = await lockReturn(tx, refund.returnId);
    if (!locked) return;
    await tx
      .update(returnRefunds)
      .set({ razorpayRefundId: reply.id, updatedAt: sql`now()` })
      .where(eq(returnRefunds.id, refund.id));
    await recordReturnRazorpayRefund(locked.order, deps.jobs, reply, 'shop');
  });
  return reply.status;
}

async function refundByPayout(
  deps: ReturnRefundDeps,
  refund: RefundRow,
  orderId: string,
  upiId: string,
): Promise<ReturnRefundOutcome> {
  const outcome = await deps.payOutCodRefund({
    orderId,
    amountPaise: refund.amountPaise,
    vpa: upiId,
    reason: 'Return',
    returnId: refund.returnId,
    key: refund.idempotencyKey,
  });
  await settleReturnPayout(deps, { key: refund.idempotencyKey, ...outcome });
  return outcome.status;
}

/**
 * The payout's outcome for a return's refund attempt, found by its key: from the payout call's reply, and from
 * the payouts module when a pending payout settles later (its webhook or sweep).
 */
export async function settleReturnPayout(
  deps: { db: Database; jobs: Pick<Jobs, 'send'> },
  outcome: { key: string } & CodRefundOutcome,
  source: ChangeSource = 'system',
): Promise<void> {
  const [refund] = await deps.db
    .select()
    .from(returnRefunds)
    .where(eq(returnRefunds.idempotencyKey, outcome.key));
  if (refund?.status !== 'pending') return;
  await deps.db.transaction(async (tx) => {
    const locked = await lockReturn(tx, refund.returnId);
    if (!locked) return;
    const [current] = await tx
      .select()
      .from(returnRefunds)
      .where(eq(returnRefunds.id, refund.id))
      .for('update');
    if (current?.status !== 'pending') return;
    await settleAttempt(locked, deps.jobs, current, outcome.status, source, outcome.failureReason);
  });
}

/**
 * Asks the provider for the return's pending refund attempt, if any, and records what it says. Safe to run
 * any number of times and at once: the same key gets the same refund (or payout). Throws when the provider
 * cannot be reached; the job then retries.
 */
export async function runReturnRefund(
  deps: ReturnRefundDeps,
  returnId: string,
): Promise<ReturnRefundOutcome> {
  const refund = await currentAttempt(deps.db, returnId);
  if (!refund || refund.razorpayRefundId) return 'nothing_pending';
  const [row] = await deps.db
    .select({ orderId: returns.orderId, upiId: returns.upiId })
    .from(returns)
    .where(eq(returns.id, returnId));
  if (!row) return 'nothing_pending';
  if (refund.method === 'payout') return refundByPayout(deps, refund, row.orderId, row.upiId ?? '');
  return refundByRazorpay(deps, refund, row.orderId);
}

/** Refund attempts still unasked this long after they were decided have lost their call: asked again. */
const UNASKED_AFTER_MINUTES = 10;

/** The sweep: every return refund attempt decided but never answered by its provider is asked again. */
export async function retryUnansweredReturnRefunds(deps: ReturnRefundDeps): Promise<number> {
  const stale = await deps.db
    .select({ returnId: returnRefunds.returnId })
    .from(returnRefunds)
    .where(
      and(
        eq(returnRefunds.status, 'pending'),
        sql`${returnRefunds.razorpayRefundId} is null`,
        lt(returnRefunds.createdAt, sql`now() - make_interval(mins => ${UNASKED_AFTER_MINUTES}::int)`),
      ),
    )
    .limit(100);
  let asked = 0;
  for (const { returnId } of stale) {
    try {
      await runReturnRefund(deps, returnId);
      asked += 1;
    } catch (error) {
      deps.log.warn({ err: error, returnId }, 'return refund retry failed');
    }
  }
  return asked;
}

export type { CodRefundInput, CodRefundOutcome, PayOutCodRefund, ReturnRefundDeps } from './deps';
export { returnRefundKey };
