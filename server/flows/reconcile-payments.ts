import { and, asc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { orders } from '../db/schema';
import { markPaymentChecked, transitionOrder } from '../modules/orders/order-writer';
import type { RazorpayPayment } from '../providers/razorpay/types';
import { settlePayment } from './confirm-payment';
import type { PaymentDeps } from './deps';

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
  await transitionOrder(deps.db, deps.jobs, order.id, { type: 'checkout_abandoned' }, 'reconciler');
}

/** Asks Razorpay about one order still waiting for its payment (docs/architecture.md#money-flow). */
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
  // A COD order's advance unpaid: the COD expiry sweep cancels the order in its time, never the reconciler.
  if (order.paymentMethod === 'COD') return 'pending';
  if (age < ABANDON_AFTER_MS) return 'pending';
  await abandon(deps, order);
  return 'abandoned';
}

/**
 * The scheduled job: a batch of the orders left pending past the head start, those asked about longest ago
 * first (never asked first of all), so that however many checkouts are abandoned, each pending order is asked
 * about in turn and a paid one is found within a few runs.
 */
export async function reconcilePendingOrders(
  deps: PaymentDeps,
  options: { olderThanMs?: number; now?: number; batchSize?: number } = {},
): Promise<Record<ReconcileOutcome, number>> {
  const now = options.now ?? Date.now();
  const cutoff = new Date(now - (options.olderThanMs ?? RECONCILE_AFTER_MS));
  const pending = await deps.db
    .select()
    .from(orders)
    .where(
      and(eq(orders.paymentStatus, 'pending'), eq(orders.status, 'pending'), lt(orders.createdAt, cutoff)),
    )
    .orderBy(sql`${orders.paymentCheckedAt} asc nulls first`, asc(orders.createdAt))
    .limit(options.batchSize ?? BATCH_SIZE);
  // docs/product.md#part-paid-cod: a COD order's advance is a payment like any other, asked about the same way.
  const awaitingAdvance = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        sql`${orders.status} = 'pending' and ${orders.paymentStatus} = 'cod_due' and ${orders.codAdvance} = 'due'`,
        isNotNull(orders.razorpayOrderId),
        lt(orders.createdAt, cutoff),
      ),
    )
    .orderBy(sql`${orders.paymentCheckedAt} asc nulls first`, asc(orders.createdAt))
    .limit(options.batchSize ?? BATCH_SIZE);
  pending.push(...awaitingAdvance);
  await markPaymentChecked(
    deps.db,
    pending.map((order) => order.id),
  );
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
