import { desc, eq, sql } from 'drizzle-orm';
import type { Coupon, CouponOrder, CouponStats } from '../../../contracts/coupons';
import type { Database } from '../../db/client';
import { coupons, heldTotals, orders } from '../../db/schema';
import { orderNumberOf } from '../orders/order-view';
import type { CouponRow } from './coupon-standing';

// The console's view of codes (docs/product.md#console-coupons): money in the console's whole rupees, uses and
// revenue from the orders that consumed a use.

export function toCoupon(row: CouponRow): Coupon {
  const rupees = (paise: number | null) => (paise === null ? null : paise / 100);
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percentOff: row.percentOff,
    maxDiscountRupees: rupees(row.maxDiscountPaise),
    amountOffRupees: rupees(row.amountOffPaise),
    minOrderRupees: row.minOrderPaise / 100,
    validFrom: row.validFrom.toISOString(),
    validUntil: row.validUntil?.toISOString() ?? null,
    totalUses: row.totalUses,
    usesPerShopper: row.usesPerShopper,
    firstOrderOnly: row.firstOrderOnly,
    productIds: row.productIds,
    categories: row.categories,
    public: row.public,
    description: row.description,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const consumed = sql`${orders.couponUse} = 'consumed'`;

/** Per code: its consumed uses (paid, not cancelled), their discount and totals, and the uses held now. */
async function statsByCoupon(db: Database, couponId?: number): Promise<Map<number, CouponStats>> {
  const where = couponId === undefined ? sql`true` : sql`${coupons.id} = ${couponId}`;
  const rows = await db
    .select({
      id: coupons.id,
      usedCount: sql<number>`count(${orders.id})::int`,
      discountGivenPaise: sql<number>`coalesce(sum(${orders.couponDiscountPaise}), 0)::int`,
      revenuePaise: sql<number>`coalesce(sum(${orders.totalPaise}), 0)::bigint`,
      heldCount: sql<number>`max(${heldTotals.units})::int`,
    })
    .from(coupons)
    .leftJoin(heldTotals, sql`${heldTotals.kind} = 'coupon' and ${heldTotals.ref} = ${coupons.id}`)
    .leftJoin(orders, sql`${orders.couponId} = ${coupons.id} and ${consumed}`)
    .where(where)
    .groupBy(coupons.id);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        usedCount: Number(row.usedCount),
        heldCount: Number(row.heldCount ?? 0),
        discountGivenPaise: Number(row.discountGivenPaise),
        revenuePaise: Number(row.revenuePaise),
      },
    ]),
  );
}

const noStats: CouponStats = { usedCount: 0, heldCount: 0, discountGivenPaise: 0, revenuePaise: 0 };

export async function listCoupons(db: Database): Promise<(Coupon & { stats: CouponStats })[]> {
  const [rows, stats] = await Promise.all([
    db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id)),
    statsByCoupon(db),
  ]);
  return rows.map((row) => ({ ...toCoupon(row), stats: stats.get(row.id) ?? noStats }));
}

export async function findCoupon(db: Database, id: number): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row;
}

export async function couponStats(db: Database, id: number): Promise<CouponStats> {
  return (await statsByCoupon(db, id)).get(id) ?? noStats;
}

/** The orders that used the code (consumed: paid, not cancelled), newest first. */
export async function couponOrders(db: Database, id: number): Promise<CouponOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      couponDiscountPaise: orders.couponDiscountPaise,
      totalPaise: orders.totalPaise,
      contact: orders.contact,
    })
    .from(orders)
    .where(sql`${orders.couponId} = ${id} and ${consumed}`)
    .orderBy(desc(orders.createdAt))
    .limit(500);
  return rows.map((row) => ({
    id: row.id,
    number: orderNumberOf(row.id),
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    couponDiscountPaise: row.couponDiscountPaise,
    totalPaise: row.totalPaise,
    customerName: row.contact.name,
  }));
}
