import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';
import type { SitemapProduct } from './site-index';

/** docs/product.md#stock: an off-sale product has left the storefront, so it leaves the sitemap too. */
export function selectSitemapProducts(db: Database): Promise<SitemapProduct[]> {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.id));
}
