import { sql } from 'drizzle-orm';
import type { DashboardReply } from '../../../contracts/admin-orders';
import type { Database } from '../../db/client';

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
      select o.id, o.total_paise, o.created_at,
        case when o.coupon_use = 'consumed' then o.coupon_discount_paise else 0 end as coupon_discount,
        coalesce((select sum(r.amount_paise) from refunds r join payments p on p.id = r.payment_id
                  where p.order_id = o.id and r.status = 'processed'), 0) as refunded
      from orders o
      where o.paid_at is not null
        and o.created_at >= ((now() at time zone 'Asia/Kolkata')::date - 29)::timestamp at time zone 'Asia/Kolkata'
    )
    select periods.days::int as days,
      count(paid.id)::int as orders,
      coalesce(sum(paid.total_paise - paid.refunded), 0)::int as revenue,
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
  return { today: period(1), last7Days: period(7), last30Days: period(30) };
}
