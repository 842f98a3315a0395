import { and, eq } from 'drizzle-orm';
import type { Database } from './client';
import { products, shopSettings } from './schema';
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

/**
 * docs/product.md#gst-invoices: outside production, a shop whose seller details were never filled in gets a
 * sample seller in Delhi (a GSTIN with a valid check digit), so invoices print whole in development and tests.
 */
export async function seedSampleSeller(db: Database): Promise<void> {
  await db
    .update(shopSettings)
    .set({
      legalName: 'Ottoman Mittens Private Limited',
      addressLine1: '14 Hauz Khas Village',
      addressLine2: 'Near Deer Park',
      city: 'New Delhi',
      pincode: '110016',
      stateCode: '07',
      gstin: '07AAFCO1234K1ZI',
    })
    .where(and(eq(shopSettings.id, 1), eq(shopSettings.gstin, '')));
}
