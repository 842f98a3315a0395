import { eq, lte, sql } from 'drizzle-orm';
import { products } from '../../server/db/schema';
import { SEED_STOCK } from '../../server/db/seed';
import { seedProducts } from '../../server/db/seed-products';
import type { ShopServer } from '../fixtures';

/**
 * Sets a product's units on hand straight in the server's database, as the console's count does (with
 * `updated_at`, which the storefront's catalogue follows): docs/architecture.md#stock.
 */
export async function setProductStock(server: ShopServer, productId: number, stock: number): Promise<void> {
  await server.db.update(products).set({ stock, updatedAt: sql`now()` }).where(eq(products.id, productId));
}

/** The seed products' shelves as a new shop has them. */
export async function restoreSeedStock(server: ShopServer): Promise<void> {
  await server.db
    .update(products)
    .set({ stock: SEED_STOCK, updatedAt: sql`now()` })
    .where(lte(products.id, seedProducts.length));
}
