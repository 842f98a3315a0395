import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { shopSettings } from '../../db/schema';

export type ShopSettings = typeof shopSettings.$inferSelect;

/** The shop's one settings row (docs/product.md#gst-invoices); the migration inserts it, so it is always there. */
export async function readShopSettings(db: Database): Promise<ShopSettings> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  if (!row) throw new Error('shop_settings has no row: run the migrations');
  return row;
}
