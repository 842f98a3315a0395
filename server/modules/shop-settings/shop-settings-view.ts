import { eq } from 'drizzle-orm';
import type { ShopSettings } from '../../../contracts/shop-settings';
import type { Database } from '../../db/client';
import { shopSettings, staff } from '../../db/schema';

/** The settings as the console shows them, with who saved them last. */
export async function findShopSettingsView(db: Database): Promise<ShopSettings> {
  const [row] = await db
    .select({ settings: shopSettings, updatedBy: staff.name })
    .from(shopSettings)
    .leftJoin(staff, eq(staff.id, shopSettings.updatedByStaffId))
    .where(eq(shopSettings.id, 1));
  if (!row) throw new Error('shop_settings has no row: run the migrations');
  const { id: _id, updatedByStaffId: _staffId, updatedAt, ...fields } = row.settings;
  return { ...fields, updatedAt: updatedAt.toISOString(), updatedBy: row.updatedBy };
}
