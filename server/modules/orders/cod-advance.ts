import { type SQL, sql } from 'drizzle-orm';
import { orders } from '../../db/schema';

// docs/product.md#part-paid-cod: a COD order's advance is paid online; the courier collects the rest. Every
// place that reads a COD order's cash (the parcel's booking, the collection, the remittance, the console) reads
// it here, once.

type AdvanceFields = Pick<typeof orders.$inferSelect, 'totalPaise' | 'codAdvancePaise' | 'codAdvance'>;

/** The advance was paid (and may have gone back since, with the order cancelled or returned). */
function advancePaid(order: Pick<AdvanceFields, 'codAdvance'>): boolean {
  return order.codAdvance === 'paid' || order.codAdvance === 'refunded';
}

/** What the courier collects in cash: the order's total less the advance paid online. */
export function codCashPaiseOf(order: AdvanceFields): number {
  return order.totalPaise - (advancePaid(order) ? order.codAdvancePaise : 0);
}

/** What the courier will collect once the advance asked for is paid (PLACE ORDER's reply, before it is). */
export function codCashAfterAdvancePaiseOf(
  order: Pick<AdvanceFields, 'totalPaise' | 'codAdvancePaise'>,
): number {
  return order.totalPaise - order.codAdvancePaise;
}

/** The advance paid online, 0 when none was. */
export function codAdvancePaidPaiseOf(order: AdvanceFields): number {
  return advancePaid(order) ? order.codAdvancePaise : 0;
}

/** `codCashPaiseOf` in SQL, for sums over orders. */
export const codCashPaiseSql: SQL<number> = sql<number>`(${orders.totalPaise} - case when ${orders.codAdvance} in ('paid', 'refunded') then ${orders.codAdvancePaise} else 0 end)`;
