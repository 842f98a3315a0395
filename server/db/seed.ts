import type { Database } from './client';
import { products } from './schema';
import { seedProducts } from './seed-products';

/** A new shop starts with this many of each product, until the owner counts the real stock in the console. */
export const SEED_STOCK = 100;

/**
 * Fills an empty catalogue with the 7 products (docs/product.md#entities). Rows that exist are left alone, so a price
 * the shop owner changed in the database is never overwritten by a restart.
 */
export async function seedCatalogue(db: Database): Promise<void> {
  await db
    .insert(products)
    .values(seedProducts.map((product) => ({ ...product, stock: SEED_STOCK })))
    .onConflictDoNothing({ target: products.id });
}
