import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { orders } from '../../db/schema';
import type { RazorpayPayment } from '../../providers/razorpay/types';
import { type PaymentDeps, settlePayment } from './settle-payment';
import { recordChanges } from './status-history';

/** The browser and the webhook get this head start before the reconciler asks Razorpay itself. */
export const RECONCILE_AFTER_MS = 2 * 60 * 1000;
/** A checkout nobody paid in this time is given up (a payment arriving later still confirms it). */
const ABANDON_AFTER_MS = 24 * 60 * 60 * 1000;
/** An order that never got its Razorpay order (the process stopped half-way) cannot be paid at all. */
const UNPAYABLE_AFTER_MS = 10 * 60 * 1000;
const BATCH_SIZE = 100;

type OrderRow = typeof orders.$inferSelect;
export type ReconcileOutcome = 'paid' | 'pending' | 'abandoned';

// Captured payments first: one of them already pays the order, no capture needed.
const settleOrder: Record<RazorpayPayment['status'], number> = {
  captured: 0,
  authorized: 1,
  refunded: 2,
  created: 3,
  failed: 4,
};

async function abandon(deps: PaymentDeps, order: OrderRow) {
  await deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(orders)
      .set({ status: 'cancelled', paymentStatus: 'failed', updatedAt: sql`now()` })
      .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'pending')))
      .returning({ id: orders.id });
    if (!changed) return;
    await recordChanges(tx, 'reconciler', [
      { entity: 'order', entityId: order.id, field: 'status', from: order.status, to: 'cancelled' },
      {
        entity: 'order',
        entityId: order.id,
        field: 'paymentStatus',
        from: order.paymentStatus,
        to: 'failed',
      },
    ]);
  });
}

/** Asks Razorpay about one order still waiting for its payment (DESIGN.md "Money flow" step 4). */
export async function reconcileOrder(
  deps: PaymentDeps,
  order: OrderRow,
  now = Date.now(),
): Promise<ReconcileOutcome> {
  const age = now - order.createdAt.getTime();
  if (!order.razorpayOrderId) {
    if (age < UNPAYABLE_AFTER_MS) return 'pending';
    await abandon(deps, order);
    return 'abandoned';
  }
  const { items } = await deps.razorpay.client.fetchOrderPayments(order.razorpayOrderId);
  const candidates = [...items].sort((a, b) => settleOrder[a.status] - settleOrder[b.status]);
  for (const payment of candidates) {
    if (payment.status !== 'captured' && payment.status !== 'authorized') continue;
    if (await settlePayment(deps, order, payment, 'reconciler')) return 'paid';
  }
  if (age < ABANDON_AFTER_MS) return 'pending';
  await abandon(deps, order);
  return 'abandoned';
}

/** The scheduled job: every order left pending past the head start, oldest first. */
export async function reconcilePendingOrders(
  deps: PaymentDeps,
  options: { olderThanMs?: number; now?: number } = {},
): Promise<Record<ReconcileOutcome, number>> {
  const now = options.now ?? Date.now();
  const cutoff = new Date(now - (options.olderThanMs ?? RECONCILE_AFTER_MS));
  const pending = await deps.db
    .select()
    .from(orders)
    .where(
      and(eq(orders.paymentStatus, 'pending'), eq(orders.status, 'pending'), lt(orders.createdAt, cutoff)),
    )
    .orderBy(asc(orders.createdAt))
    .limit(BATCH_SIZE);
  const outcomes: Record<ReconcileOutcome, number> = { paid: 0, pending: 0, abandoned: 0 };
  for (const order of pending) {
    try {
      outcomes[await reconcileOrder(deps, order, now)] += 1;
    } catch (error) {
      // One order Razorpay cannot answer for now must not stop the others; the next run tries again.
      deps.log.warn({ err: error, orderId: order.id }, 'could not reconcile order');
      outcomes.pending += 1;
    }
  }
  return outcomes;
}
