import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';

export type ProductRow = typeof products.$inferSelect;

export function selectAllProducts(db: Database): Promise<ProductRow[]> {
  return db.select().from(products).orderBy(asc(products.id));
}

export async function selectProductById(db: Database, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}
