import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { coupons } from '../../db/schema';

/**
 * Locks the coupons' rows in id order (docs/architecture.md#locks: after the products', which an order's
 * transaction locks first): a coupon's row guards its used count and its held total.
 */
export async function lockCoupons(tx: Database, couponIds: readonly number[]) {
  if (couponIds.length === 0) return [];
  return tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(inArray(coupons.id, [...new Set(couponIds)]))
    .orderBy(asc(coupons.id))
    .for('no key update');
}

/**
 * docs/product.md#discount-codes: a paid order's use counts (+1); a cancelled one's goes back (-1). Only the
 * order writer calls this, as the lifecycle's effect, once per change of the order's use.
 */
export async function countCouponUse(tx: Database, couponId: number, change: 1 | -1) {
  await tx
    .update(coupons)
    .set({ usedCount: sql`greatest(${coupons.usedCount} + ${change}, 0)` })
    .where(eq(coupons.id, couponId));
}
