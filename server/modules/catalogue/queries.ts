import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
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

/**
 * A cheap fingerprint of the whole table, every column of every row: any change by any process, whether or
 * not it stamped `updated_at`, changes it (docs/architecture.md#stock). A select from `products`.
 */
export const catalogueFingerprint = sql<string>`md5(coalesce(string_agg(${sql.raw('products::text')}, ',' order by ${products.id}), ''))`;

const catalogueVersionQuery = preparedPerDatabase((db) =>
  db.select({ version: catalogueFingerprint }).from(products).prepare('catalogue_version'),
);

export async function selectCatalogueVersion(db: Database): Promise<string> {
  const [row] = await catalogueVersionQuery(db).execute();
  return row?.version ?? '';
}
