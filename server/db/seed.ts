import type { Database } from './client';
import { products } from './schema';
import { seedProducts } from './seed-products';

/**
 * Fills an empty catalogue with the 7 products (docs/product.md#entities). Rows that exist are left alone, so a price
 * the shop owner changed in the database is never overwritten by a restart.
 */
export async function seedCatalogue(db: Database): Promise<void> {
  await db
    .insert(products)
    .values([...seedProducts])
    .onConflictDoNothing({ target: products.id });
}
