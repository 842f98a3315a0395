import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CodOrderMoney, CodPayoutStatus } from '../../../contracts/cod-money';
import type { Database } from '../../db/client';
import {
  codPayouts,
  codRefundsPaidElsewhere,
  codRemittanceLines,
  codRemittances,
  orders,
  staff,
} from '../../db/schema';
import { codCashCollected } from '../orders/lifecycle';

// docs/product.md#cod-refunds: what a COD order's cash is, what went back and what may still go back.

/** A payout in one of these gave nothing to the shopper: the money is (or stays) with the shop. */
export const PAYOUT_STATUSES_WITHOUT_MONEY: readonly CodPayoutStatus[] = [
  'failed',
  'reversed',
  'rejected',
  'cancelled',
];
/** Statuses a payout still leaves: the payout sweep asks RazorpayX about payouts in them. */
export const OPEN_PAYOUT_STATUSES: readonly CodPayoutStatus[] = ['queued', 'pending', 'processing'];

export const isCod = (order: { paymentMethod: string }) => order.paymentMethod === 'COD';

/**
 * What the shopper paid for a COD order once the courier collected the cash: its total, an advance paid online
 * included (docs/product.md#part-paid-cod): a return's refund may give back both.
 */
export function collectedPaiseOf(order: typeof orders.$inferSelect): number {
  return isCod(order) && codCashCollected(order) ? order.totalPaise : 0;
}

/**
 * A payout's amount still counts as given back: it is processed or under way (it holds its amount until it
 * ends), or it was processed and the bank reversed it later: its credit note stands, so the money is owed to
 * the shopper outside the shop (flagged `cod_refund_failing`), never refunded a second time here.
 */
const payoutCounts = sql`(${codPayouts.status} not in ('failed', 'reversed', 'rejected', 'cancelled')
  or (${codPayouts.status} = 'reversed' and exists (
    select 1 from credit_notes n where n.razorpay_refund_id = ${codPayouts.razorpayPayoutId})))`;

/**
 * Given back or on its way back: payouts that count (`payoutCounts`) and refunds paid another way. `settled`
 * counts only what was reported processed.
 */
export async function codRefundedPaise(db: Database, orderId: string) {
  const [payouts] = await db
    .select({
      committed: sql<number>`coalesce(sum(${codPayouts.amountPaise}), 0)::int`,
      settled: sql<number>`coalesce(sum(${codPayouts.amountPaise}) filter (where ${codPayouts.status} <> 'processing'
        and ${codPayouts.status} <> 'queued' and ${codPayouts.status} <> 'pending'), 0)::int`,
    })
    .from(codPayouts)
    .where(and(eq(codPayouts.orderId, orderId), payoutCounts));
  const [elsewhere] = await db
    .select({ total: sql<number>`coalesce(sum(${codRefundsPaidElsewhere.amountPaise}), 0)::int` })
    .from(codRefundsPaidElsewhere)
    .where(eq(codRefundsPaidElsewhere.orderId, orderId));
  const paidElsewhere = Number(elsewhere?.total ?? 0);
  return {
    committedPaise: Number(payouts?.committed ?? 0) + paidElsewhere,
    settledPaise: Number(payouts?.settled ?? 0) + paidElsewhere,
  };
}

/** The console's view of a COD order's money (GET /api/admin/orders/:id/cod). */
export async function codOrderMoney(
  db: Database,
  order: typeof orders.$inferSelect,
  payoutsConfigured: boolean,
): Promise<CodOrderMoney> {
  const collectedPaise = collectedPaiseOf(order);
  const { committedPaise } = await codRefundedPaise(db, order.id);
  const payouts = await db
    .select()
    .from(codPayouts)
    .where(eq(codPayouts.orderId, order.id))
    .orderBy(asc(codPayouts.createdAt));
  const elsewhere = await db
    .select({ refund: codRefundsPaidElsewhere, staffName: staff.name })
    .from(codRefundsPaidElsewhere)
    .leftJoin(staff, eq(staff.id, codRefundsPaidElsewhere.staffId))
    .where(eq(codRefundsPaidElsewhere.orderId, order.id))
    .orderBy(asc(codRefundsPaidElsewhere.createdAt));
  const [remittance] = await db
    .select({
      utr: codRemittances.utr,
      remittedOn: codRemittances.remittedOn,
      remittedPaise: codRemittanceLines.remittedAmountPaise,
    })
    .from(codRemittanceLines)
    .innerJoin(codRemittances, eq(codRemittances.id, codRemittanceLines.remittanceId))
    .where(eq(codRemittanceLines.orderId, order.id))
    .orderBy(desc(codRemittances.createdAt))
    .limit(1);
  return {
    orderId: order.id,
    cod: isCod(order),
    collectedPaise,
    refundedPaise: committedPaise,
    refundablePaise: Math.max(0, collectedPaise - committedPaise),
    payoutsConfigured,
    remittance: remittance ?? null,
    payouts: payouts.map((payout) => ({
      id: payout.id,
      razorpayPayoutId: payout.razorpayPayoutId,
      amountPaise: payout.amountPaise,
      vpa: payout.vpa,
      reason: payout.reason,
      status: payout.status,
      utr: payout.utr,
      failure: payout.failure,
      createdAt: payout.createdAt.toISOString(),
    })),
    paidElsewhere: elsewhere.map(({ refund, staffName }) => ({
      id: refund.id,
      amountPaise: refund.amountPaise,
      how: refund.how,
      note: refund.note,
      staffName,
      createdAt: refund.createdAt.toISOString(),
    })),
  };
}

/** Payouts still under way at RazorpayX, untouched for `minutes`: their webhook may have been lost. */
export async function stalePayouts(db: Database, minutes: number, limit: number) {
  return db
    .select({ razorpayPayoutId: codPayouts.razorpayPayoutId })
    .from(codPayouts)
    .where(
      and(
        inArray(codPayouts.status, [...OPEN_PAYOUT_STATUSES]),
        sql`${codPayouts.updatedAt} < now() - make_interval(mins => ${minutes}::int)`,
      ),
    )
    .orderBy(asc(codPayouts.updatedAt))
    .limit(limit);
}

/** When the courier collected a COD order's cash: its payment became collected (else it was delivered). */
export const collectedAtSql = sql`coalesce(
  (select min(h.created_at) from status_history h where h.entity = 'order' and h.entity_id = ${orders.id}
     and h.field = 'paymentStatus' and h.to_value = 'collected'),
  (select min(h.created_at) from status_history h where h.entity = 'order' and h.entity_id = ${orders.id}
     and h.field = 'status' and h.to_value = 'delivered'),
  ${orders.updatedAt})`;

/** A COD order whose cash the courier collected (some may have been refunded since). */
export const codCollectedSql = and(
  eq(orders.paymentMethod, 'COD'),
  inArray(orders.paymentStatus, ['collected', 'partially_refunded', 'refunded']),
);

/** No remittance line names the order: its cash is still with the courier. */
export const notRemittedSql = sql`not exists (select 1 from cod_remittance_lines l where l.order_id = ${orders.id})`;
