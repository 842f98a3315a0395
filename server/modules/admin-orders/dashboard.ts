import { sql } from 'drizzle-orm';
import type { DashboardReply } from '../../../contracts/admin-orders';
import type { Database } from '../../db/client';
import { cashDue } from '../cod-money/cod-overview';
import { collectedPaiseSql, netPaiseSql } from '../order-money/money-sql';
import { countPendingReviews } from '../reviews/review-views';

// docs/product.md#staff: paid orders placed since the start of an IST day, their revenue (after discount codes)
// less what was refunded of them, the average order value (revenue over orders) and the codes' discounts.

interface PeriodRow {
  days: number;
  orders: number;
  revenue: number;
  coupon_discount: number;
}

export async function dashboardFigures(db: Database): Promise<DashboardReply> {
  const result = (await db.execute(sql`
    with periods(days) as (values (1), (7), (30)),
    paid as (
      select o.id, o.created_at,
        case when o.coupon_use = 'consumed' then o.coupon_discount_paise else 0 end as coupon_discount,
        ${netPaiseSql(sql`o.id`)} as net
      from orders o
      -- docs/architecture.md#money-record: an order is one money was received for (a replacement is not).
      where o.paid_at is not null and ${collectedPaiseSql(sql`o.id`)} > 0
        and o.created_at >= ((now() at time zone 'Asia/Kolkata')::date - 29)::timestamp at time zone 'Asia/Kolkata'
    )
    select periods.days::int as days,
      count(paid.id)::int as orders,
      coalesce(sum(paid.net), 0)::int as revenue,
      coalesce(sum(paid.coupon_discount), 0)::int as coupon_discount
    from periods
    left join paid on paid.created_at >=
      ((now() at time zone 'Asia/Kolkata')::date - (periods.days - 1))::timestamp at time zone 'Asia/Kolkata'
    group by periods.days
  `)) as { rows?: PeriodRow[] };
  const rows = result.rows ?? [];
  const period = (days: number) => {
    const row = rows.find((entry) => Number(entry.days) === days);
    const orders = Number(row?.orders ?? 0);
    const revenuePaise = Number(row?.revenue ?? 0);
    return {
      orders,
      revenuePaise,
      averageOrderPaise: orders === 0 ? 0 : Math.round(revenuePaise / orders),
      couponDiscountPaise: Number(row?.coupon_discount ?? 0),
    };
  };
  return {
    today: period(1),
    last7Days: period(7),
    last30Days: period(30),
    cod: await codFigures(db),
    newReviews: await countPendingReviews(db),
  };
}

interface CodRow {
  placed: number;
  cod: number;
  handed_over: number;
  rto: number;
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/**
 * docs/product.md#cod-remittances: of the orders placed in the last 30 days (paid online, or COD placed and
 * not an unconfirmed checkout), the COD share; of the COD ones handed to the courier, those returned to
 * origin; and the cash collected and not remitted, whenever delivered.
 */
async function codFigures(db: Database) {
  const result = (await db.execute(sql`
    select count(*)::int as placed,
      count(*) filter (where o.payment_method = 'COD')::int as cod,
      count(*) filter (where o.payment_method = 'COD'
        and o.status in ('shipped', 'out_for_delivery', 'delivered', 'returned_to_origin'))::int as handed_over,
      count(*) filter (where o.payment_method = 'COD' and o.status = 'returned_to_origin')::int as rto
    from orders o
    where o.created_at >= ((now() at time zone 'Asia/Kolkata')::date - 29)::timestamp at time zone 'Asia/Kolkata'
      and (o.paid_at is not null or (o.payment_method = 'COD' and o.status <> 'pending'))
  `)) as { rows?: CodRow[] };
  const row = result.rows?.[0];
  const { totalPaise } = await cashDue(db, 0);
  return {
    sharePercent: percent(Number(row?.cod ?? 0), Number(row?.placed ?? 0)),
    rtoRatePercent: percent(Number(row?.rto ?? 0), Number(row?.handed_over ?? 0)),
    outstandingPaise: totalPaise,
  };
}
