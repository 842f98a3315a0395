import { eq, sql } from 'drizzle-orm';
import type { ShopSettingsBody } from '../../../contracts/shop-settings';
import type { Database } from '../../db/client';
import { shopSettings } from '../../db/schema';
import type { StaffActor } from '../audit/audit-log';
import { changedValues, recordAudit } from '../audit/audit-log';

/**
 * docs/product.md#seller-settings: the owner replaces the settings, under the row's lock, with an audit
 * entry of what changed. Invoices already issued keep the details they were issued with.
 */
export async function updateShopSettings(db: Database, body: ShopSettingsBody, actor: StaffActor) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(shopSettings).where(eq(shopSettings.id, 1)).for('update');
    if (!row) throw new Error('shop_settings has no row: run the migrations');
    const { before, after } = changedValues(row, body);
    if (Object.keys(after).length === 0) return;
    await tx
      .update(shopSettings)
      .set({ ...body, updatedByStaffId: actor.staffId, updatedAt: sql`now()` })
      .where(eq(shopSettings.id, 1));
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'settings.update',
      entityType: 'shop_settings',
      entityId: '1',
      before,
      after,
      ipAddress: actor.ipAddress,
    });
  });
}
