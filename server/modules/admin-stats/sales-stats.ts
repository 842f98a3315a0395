import { sql } from 'drizzle-orm';
import {
  type AdminStatsReply,
  type PaymentMethodGroup,
  paymentMethodGroups,
  type StatsRange,
} from '../../../contracts/admin-stats';
import type { Database } from '../../db/client';
import { collectedPaiseSql, netPaiseSql } from '../order-money/money-sql';

// docs/product.md#sales-charts: orders count on the IST day they were paid (paid_at); revenue is their totals
// less what was refunded of them, as on the dashboard's figures; units and payment methods of the same orders.

type Rows<Row> = { rows?: Row[] };

/** Midnight IST of the first day of the range, as a timestamptz expression. */
const rangeStart = (days: StatsRange) =>
  sql`((now() at time zone 'Asia/Kolkata')::date - ${days - 1}::int)::timestamp at time zone 'Asia/Kolkata'`;

async function dailySeries(db: Database, days: StatsRange): Promise<AdminStatsReply['daily']> {
  const result = (await db.execute(sql`
    with range_days as (
      select ((now() at time zone 'Asia/Kolkata')::date - offs)::date as day
      from generate_series(0, ${days - 1}::int) as offs
    ),
    paid as (
      select (o.paid_at at time zone 'Asia/Kolkata')::date as day,
        ${netPaiseSql(sql`o.id`)} as net_paise
      from orders o
      -- docs/architecture.md#money-record: an order is one money was received for (a replacement is not).
      where o.paid_at is not null and o.paid_at >= ${rangeStart(days)}
        and ${collectedPaiseSql(sql`o.id`)} > 0
    )
    select to_char(range_days.day, 'YYYY-MM-DD') as day,
      count(paid.day)::int as orders,
      coalesce(sum(paid.net_paise), 0)::bigint as revenue_paise
    from range_days left join paid on paid.day = range_days.day
    group by range_days.day
    order by range_days.day
  `)) as Rows<{ day: string; orders: number; revenue_paise: string | number }>;
  return (result.rows ?? []).map((row) => ({
    day: row.day,
    orders: Number(row.orders),
    revenueRupees: Number(row.revenue_paise) / 100,
  }));
}

async function unitsByProduct(db: Database, days: StatsRange): Promise<AdminStatsReply['unitsByProduct']> {
  const result = (await db.execute(sql`
    select i.product_id, p.title, sum(i.quantity)::int as units
    from order_items i
    join orders o on o.id = i.order_id
    join products p on p.id = i.product_id
    where o.paid_at is not null and o.status <> 'cancelled' and o.paid_at >= ${rangeStart(days)}
    group by i.product_id, p.title
    order by units desc, p.title
  `)) as Rows<{ product_id: number; title: string; units: number }>;
  return (result.rows ?? []).map((row) => ({
    productId: Number(row.product_id),
    title: row.title,
    units: Number(row.units),
  }));
}

function methodGroupOf(method: string | null, orderMethod: string): PaymentMethodGroup {
  if (orderMethod === 'COD') return 'cod';
  return method === 'card' || method === 'upi' ? method : 'other';
}

async function paymentMethodShare(
  db: Database,
  days: StatsRange,
): Promise<AdminStatsReply['paymentMethods']> {
  // The paying payment of an order is its captured one (refunded later or not).
  const result = (await db.execute(sql`
    select (select p.method from payments p where p.order_id = o.id and p.status in ('captured', 'refunded')
            order by p.created_at limit 1) as method, o.payment_method
    from orders o
    where o.paid_at is not null and o.paid_at >= ${rangeStart(days)}
  `)) as Rows<{ method: string | null; payment_method: string }>;
  const counts: Record<PaymentMethodGroup, number> = { card: 0, upi: 0, cod: 0, other: 0 };
  for (const row of result.rows ?? []) counts[methodGroupOf(row.method, row.payment_method)] += 1;
  return paymentMethodGroups.map((method) => ({ method, orders: counts[method] }));
}

export async function salesStats(db: Database, days: StatsRange): Promise<AdminStatsReply> {
  return {
    days,
    daily: await dailySeries(db, days),
    unitsByProduct: await unitsByProduct(db, days),
    paymentMethods: await paymentMethodShare(db, days),
  };
}
