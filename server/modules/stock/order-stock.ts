import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderItems, products, stockMovements } from '../../db/schema';
import type { Jobs } from '../../job-queues';
import { alertIfLowStock, noteStockChanged } from './low-stock';
import { lockProducts, unitsByProduct } from './product-locks';

export interface StockShortfall {
  title: string;
  left: number;
  needed: number;
}

/** What the order needs of each product, summed over sizes. */
async function orderUnits(tx: Database, orderId: string): Promise<Map<number, number>> {
  const items = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return unitsByProduct(items);
}

/**
 * Locks the order's products (after the order's own rows: docs/architecture.md#locks) and says which are
 * short of what the order needs. Empty: the stock covers the order, and stays so until the transaction ends.
 */
export async function lockOrderStock(tx: Database, orderId: string): Promise<StockShortfall[]> {
  const needed = await orderUnits(tx, orderId);
  const locked = await lockProducts(tx, [...needed.keys()]);
  return locked
    .filter((product) => product.stock < (needed.get(product.id) ?? 0))
    .map((product) => ({ title: product.title, left: product.stock, needed: needed.get(product.id) ?? 0 }));
}

/**
 * docs/architecture.md#stock: a paid order takes its units, each with a `sale` movement. The caller checked
 * under lock that the stock covers it; the guard keeps stock from ever going below zero all the same.
 */
export async function takeOrderStock(tx: Database, jobs: Pick<Jobs, 'send'>, orderId: string) {
  for (const [productId, units] of await orderUnits(tx, orderId)) {
    const taken = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${units}`, updatedAt: sql`now()` })
      .where(and(eq(products.id, productId), gte(products.stock, units)))
      .returning({ id: products.id });
    if (taken.length === 0) throw new Error(`product ${productId} no longer covers order ${orderId}`);
    await tx.insert(stockMovements).values({ productId, delta: -units, reason: 'sale', orderId });
    await alertIfLowStock(tx, jobs, productId);
  }
}

/** Whether the order's movements took units that are still out of the stock (docs/architecture.md#stock). */
export async function holdsStock(tx: Database, orderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ net: sql<number>`coalesce(sum(${stockMovements.delta}), 0)::int` })
    .from(stockMovements)
    .where(eq(stockMovements.orderId, orderId));
  return Number(row?.net ?? 0) < 0;
}

/**
 * A cancelled order's units go back on the shelf: exactly what its movements took, net, so a second
 * cancellation (or one of an order that never got its stock) puts back nothing.
 */
export async function putBackOrderStock(tx: Database, orderId: string) {
  const net = await tx
    .select({
      productId: stockMovements.productId,
      taken: sql<number>`(-sum(${stockMovements.delta}))::int`,
    })
    .from(stockMovements)
    .where(eq(stockMovements.orderId, orderId))
    .groupBy(stockMovements.productId)
    .orderBy(stockMovements.productId);
  for (const { productId, taken } of net) {
    const units = Number(taken);
    if (units <= 0) continue;
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${units}`, updatedAt: sql`now()` })
      .where(eq(products.id, productId));
    await tx.insert(stockMovements).values({ productId, delta: units, reason: 'cancellation', orderId });
    await noteStockChanged(tx, productId);
  }
}
