import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { heldTotals, products } from '../../db/schema';

export type ProductRow = typeof products.$inferSelect;

/**
 * A product on sale with the units checkouts in progress hold of it (docs/architecture.md#stock): the storefront
 * says in stock only while some are left to a new checkout, as checkout itself decides.
 */
export interface ProductOnSale {
  row: ProductRow;
  held: number;
}

function onSale(db: Database) {
  return db
    .select({ row: products, held: sql<number>`coalesce(${heldTotals.units}, 0)`.mapWith(Number) })
    .from(products)
    .leftJoin(heldTotals, and(eq(heldTotals.kind, 'product'), eq(heldTotals.ref, products.id)));
}

/** The products on sale (docs/product.md#stock: an off-sale product leaves the storefront). */
export function selectProductsOnSale(db: Database): Promise<ProductOnSale[]> {
  return onSale(db).where(eq(products.active, true)).orderBy(asc(products.id));
}

export async function selectProductOnSale(db: Database, id: number): Promise<ProductOnSale | undefined> {
  const [found] = await onSale(db)
    .where(and(eq(products.id, id), eq(products.active, true)))
    .limit(1);
  return found;
}
