import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';

export type ProductRow = typeof products.$inferSelect;

/** The products on sale (docs/product.md#stock: an off-sale product leaves the storefront). */
export function selectProductsOnSale(db: Database): Promise<ProductRow[]> {
  return db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.id));
}

export async function selectProductOnSale(db: Database, id: number): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.active, true)))
    .limit(1);
  return row;
}
