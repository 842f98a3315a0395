import { eq, sql } from 'drizzle-orm';
import type { CodSettings, CodSettingsBody } from '../../../contracts/cod';
import type { Database } from '../../db/client';
import { codSettings, staff } from '../../db/schema';
import type { StaffActor } from '../audit/audit-log';
import { changedValues, recordAudit } from '../audit/audit-log';

// docs/product.md#cash-on-delivery: the owner's COD settings, one row written on the first save.

export type CodRules = Omit<CodSettings, 'updatedAt' | 'updatedBy'>;

/** Until an owner saves them: COD off, the fields as the columns' defaults. */
export const DEFAULT_COD_RULES: CodRules = {
  enabled: false,
  feePaise: 4900,
  minOrderPaise: 0,
  maxOrderPaise: 500_000,
  rtoLimit: 1,
  confirmHours: 24,
  holdMinutes: 30,
  velocityOrders: 3,
  velocityHours: 24,
};

function rulesOf(row: typeof codSettings.$inferSelect | undefined): CodRules {
  if (!row) return DEFAULT_COD_RULES;
  const { enabled, feePaise, minOrderPaise, maxOrderPaise, rtoLimit, confirmHours } = row;
  const { holdMinutes, velocityOrders, velocityHours } = row;
  return {
    enabled,
    feePaise,
    minOrderPaise,
    maxOrderPaise,
    rtoLimit,
    confirmHours,
    holdMinutes,
    velocityOrders,
    velocityHours,
  };
}

export async function readCodRules(db: Database): Promise<CodRules> {
  const [row] = await db.select().from(codSettings).where(eq(codSettings.id, 1));
  return rulesOf(row);
}

/** The settings as the console shows them, with who saved them last. */
export async function codSettingsView(db: Database): Promise<CodSettings> {
  const [found] = await db
    .select({ row: codSettings, staffName: staff.name })
    .from(codSettings)
    .leftJoin(staff, eq(staff.id, codSettings.updatedByStaffId))
    .where(eq(codSettings.id, 1));
  return {
    ...rulesOf(found?.row),
    updatedAt: found?.row.updatedAt.toISOString() ?? null,
    updatedBy: found?.staffName ?? null,
  };
}

/** The owner replaces the COD settings under the row's lock, with an audit entry of what changed. */
export async function updateCodSettings(db: Database, body: CodSettingsBody, actor: StaffActor) {
  await db.transaction(async (tx) => {
    await tx.insert(codSettings).values({ id: 1 }).onConflictDoNothing();
    const [row] = await tx.select().from(codSettings).where(eq(codSettings.id, 1)).for('update');
    const current = rulesOf(row);
    const { before, after } = changedValues(current, body);
    if (Object.keys(after).length === 0) return;
    await tx
      .update(codSettings)
      .set({ ...body, updatedByStaffId: actor.staffId, updatedAt: sql`now()` })
      .where(eq(codSettings.id, 1));
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'cod_settings.update',
      entityType: 'cod_settings',
      entityId: '1',
      before,
      after,
      ipAddress: actor.ipAddress,
    });
  });
}
