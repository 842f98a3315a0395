import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderItems, orders } from '../../db/schema';

/**
 * docs/architecture.md#stock: a checkout in progress (an order pending payment, made this recently) holds its
 * units. The same window lets a second PLACE ORDER click reuse the pending order.
 */
export const CHECKOUT_HOLD_MS = 30 * 60 * 1000;

/** The oldest creation time of a pending order that still holds its units. */
export function holdCutoff(now = Date.now()): Date {
  return new Date(now - CHECKOUT_HOLD_MS);
}

/** Units of each product held by checkouts in progress, leaving out `exceptOrderId` (a reused order). */
export async function heldUnits(
  tx: Database,
  productIds: readonly number[],
  exceptOrderId?: string,
): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await tx
    .select({ productId: orderItems.productId, units: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        inArray(orderItems.productId, [...productIds]),
        eq(orders.status, 'pending'),
        eq(orders.paymentStatus, 'pending'),
        gt(orders.createdAt, holdCutoff()),
        exceptOrderId ? ne(orders.id, exceptOrderId) : undefined,
      ),
    )
    .groupBy(orderItems.productId);
  return new Map(rows.map((row) => [row.productId, Number(row.units)]));
}
