import { sql } from 'drizzle-orm';
import type { CouponHistory, CouponTerms } from '../../../contracts/coupon-evaluation';
import type { Database } from '../../db/client';
import { coupons } from '../../db/schema';
import { rowMapperOf } from '../../db/table-rows';

export type CouponRow = typeof coupons.$inferSelect;

/** What the pure evaluation reads of a stored code (docs/product.md#discount-codes). */
export function termsOf(row: CouponRow): CouponTerms {
  return {
    code: row.code,
    kind: row.kind,
    percentOff: row.percentOff,
    maxDiscountPaise: row.maxDiscountPaise,
    amountOffPaise: row.amountOffPaise,
    minOrderPaise: row.minOrderPaise,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    totalUses: row.totalUses,
    usesPerShopper: row.usesPerShopper,
    firstOrderOnly: row.firstOrderOnly,
    productIds: row.productIds,
    categories: row.categories,
    status: row.status,
  };
}

export interface CouponStanding {
  coupon: CouponRow;
  history: CouponHistory;
}

const couponOfRow = rowMapperOf(coupons);

/**
 * A code as it stands for one shopper, in one round trip (each count starts from the shopper's own orders,
 * through their indexes, so a popular code costs no more to read than a quiet one): the coupon, its consumed and held uses, the
 * shopper's own uses and whether they have a paid order. The shopper's own checkouts in progress (online or
 * cash on delivery) do not count against them: a new checkout with the code replaces those
 * (docs/product.md#discount-codes).
 * `where` picks the coupons (by code, or the public offers); undefined/empty when none.
 */
async function standings(db: Database, userId: string, where: ReturnType<typeof sql>) {
  const result = (await db.execute(sql`
    select c.*, t.units as held_units,
      (select count(*) from orders o join holds h on h.order_id = o.id and h.kind = 'coupon' and h.ref = c.id
        where o.user_id = ${userId} and o.status = 'pending' and o.payment_status in ('pending', 'cod_due'))::int
        as own_held,
      (select count(*) from orders o
        where o.coupon_id = c.id and o.user_id = ${userId} and o.coupon_use = 'consumed')::int as own_used,
      exists (select 1 from orders o
        where o.user_id = ${userId} and o.paid_at is not null and o.status <> 'cancelled') as has_paid
    from coupons c join held_totals t on t.kind = 'coupon' and t.ref = c.id
    where ${where}
    order by c.id`)) as { rows: Record<string, unknown>[] };
  return result.rows.map(
    (row): CouponStanding => ({
      coupon: couponOfRow(row),
      history: {
        usedCount: Number(row.used_count),
        heldByOthers: Number(row.held_units) - Number(row.own_held),
        shopperUses: Number(row.own_used),
        shopperHasPaidOrder: row.has_paid === true,
      },
    }),
  );
}

/** The code (as typed: any case) for this shopper; undefined when no coupon has it. */
export async function couponStanding(
  db: Database,
  code: string,
  userId: string,
): Promise<CouponStanding | undefined> {
  const [standing] = await standings(db, userId, sql`c.code = ${code.trim().toUpperCase()}`);
  return standing;
}

/** The public codes that are active and in their window now, each for this shopper (the checkout's offers). */
export async function publicOfferStandings(db: Database, userId: string): Promise<CouponStanding[]> {
  return standings(
    db,
    userId,
    sql`c.public and c.status = 'active' and c.valid_from <= now() and (c.valid_until is null or c.valid_until > now())`,
  );
}
