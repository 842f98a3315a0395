import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';

export interface LockedProduct {
  id: number;
  title: string;
  active: boolean;
  stock: number;
}

/**
 * Locks the products' rows, always in id order, so two transactions locking overlapping sets never deadlock
 * (docs/architecture.md#locks: after the order's own rows, when there is an order).
 */
export async function lockProducts(tx: Database, productIds: readonly number[]): Promise<LockedProduct[]> {
  if (productIds.length === 0) return [];
  return tx
    .select({ id: products.id, title: products.title, active: products.active, stock: products.stock })
    .from(products)
    .where(inArray(products.id, [...new Set(productIds)]))
    .orderBy(asc(products.id))
    .for('no key update');
}

/** Quantities of each product, summed over sizes. */
export function unitsByProduct(
  lines: readonly { productId: number; quantity: number }[],
): Map<number, number> {
  const units = new Map<number, number>();
  for (const line of lines) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  return units;
}
