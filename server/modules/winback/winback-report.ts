import { sql } from 'drizzle-orm';
import { RECOVERY_WINDOW_DAYS, WINBACK_REPORT_DAYS } from '../../../contracts/winback-rules';
import type { Database } from '../../db/client';
import { moneyOfOrders } from '../order-money/append-entries';

// docs/product.md#winback-report: reminders sent, checkouts recovered and their revenue over the last 30 days. A
// checkout is recovered by an order of its shopper's paid (or COD-confirmed) after its first reminder and within
// RECOVERY_WINDOW_DAYS of it: the checkout itself, or a later one of exactly its lines. The revenue is each
// recovered order's charged total, read from its money record.

export interface WinbackReport {
  days: number;
  remindersSent: number;
  checkoutsReminded: number;
  checkoutsRecovered: number;
  recoveredRevenuePaise: number;
  backInStockTold: number;
}

const linesOf = (orderId: ReturnType<typeof sql>) => sql`(select coalesce(jsonb_agg(
  jsonb_build_array(i.product_id, i.size, i.quantity) order by i.product_id, i.size), '[]'::jsonb)
  from order_items i where i.order_id = ${orderId})`;

/** Each reminded checkout of the period and the order that recovered it, if one did (each order counted once). */
export async function recoveredCheckouts(db: Database, now = new Date()) {
  const since = new Date(now.getTime() - WINBACK_REPORT_DAYS * 24 * 3600_000).toISOString();
  const result = (await db.execute(sql`
    with reminded as (
      select r.order_id, r.user_id, min(r.sent_at) as first_sent
      from checkout_reminders r
      where r.status = 'sent' and r.sent_at > ${since}
      group by r.order_id, r.user_id)
    select reminded.order_id, (
      select o.id from orders o
      where o.user_id = reminded.user_id
        and coalesce(o.paid_at, o.cod_confirmed_at) > reminded.first_sent
        and coalesce(o.paid_at, o.cod_confirmed_at)
          <= reminded.first_sent + make_interval(days => ${RECOVERY_WINDOW_DAYS})
        and (o.id = reminded.order_id or ${linesOf(sql`o.id`)} = ${linesOf(sql`reminded.order_id`)})
      order by coalesce(o.paid_at, o.cod_confirmed_at) limit 1) as recovered_by
    from reminded`)) as unknown as { rows: { order_id: string; recovered_by: string | null }[] };
  return result.rows;
}

export async function winbackReport(db: Database, now = new Date()): Promise<WinbackReport> {
  const since = new Date(now.getTime() - WINBACK_REPORT_DAYS * 24 * 3600_000).toISOString();
  const checkouts = await recoveredCheckouts(db, now);
  const recovered = [...new Set(checkouts.flatMap((row) => (row.recovered_by ? [row.recovered_by] : [])))];
  const money = await moneyOfOrders(db, recovered);
  const counts = (await db.execute(sql`
    select (select count(*)::integer from checkout_reminders where status = 'sent' and sent_at > ${since}) as sent,
      (select count(*)::integer from stock_notify_requests where told_at > ${since}) as told`)) as unknown as {
    rows: { sent: number; told: number }[];
  };
  return {
    days: WINBACK_REPORT_DAYS,
    remindersSent: counts.rows[0]?.sent ?? 0,
    checkoutsReminded: checkouts.length,
    checkoutsRecovered: recovered.length,
    recoveredRevenuePaise: recovered.reduce((sum, id) => sum + (money.get(id)?.charged.totalPaise ?? 0), 0),
    backInStockTold: counts.rows[0]?.told ?? 0,
  };
}
