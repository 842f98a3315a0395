import { eq, sql } from 'drizzle-orm';
import type { CodRiskSettings, CodRiskSettingsBody } from '../../../contracts/cod-risk';
import type { Database } from '../../db/client';
import { codRiskSettings, staff } from '../../db/schema';
import type { StaffActor } from '../audit/audit-log';
import { changedValues, recordAudit } from '../audit/audit-log';
import { type CodRiskSettingsValues, DEFAULT_COD_RISK_SETTINGS } from './cod-risk';

// docs/product.md#cod-risk-rules: the owner's COD risk rules, one row written on the first save.

function valuesOf(row: typeof codRiskSettings.$inferSelect | undefined): CodRiskSettingsValues {
  if (!row) return DEFAULT_COD_RISK_SETTINGS;
  const { firstOrderLimitEnabled, firstOrderLimitPaise, pincodeRtoEnabled } = row;
  const { pincodeRtoWindow, pincodeRtoMinSample, pincodeRtoThresholdPercent } = row;
  const { advanceFor, advanceKind, advanceFixedPaise } = row;
  return {
    firstOrderLimitEnabled,
    firstOrderLimitPaise,
    pincodeRtoEnabled,
    pincodeRtoWindow,
    pincodeRtoMinSample,
    pincodeRtoThresholdPercent,
    advanceFor,
    advanceKind,
    advanceFixedPaise,
  };
}

export async function readCodRiskSettings(db: Database): Promise<CodRiskSettingsValues> {
  const [row] = await db.select().from(codRiskSettings).where(eq(codRiskSettings.id, 1));
  return valuesOf(row);
}

/** The risk rules as the console shows them, with who saved them last. */
export async function codRiskSettingsView(db: Database): Promise<CodRiskSettings> {
  const [found] = await db
    .select({ row: codRiskSettings, staffName: staff.name })
    .from(codRiskSettings)
    .leftJoin(staff, eq(staff.id, codRiskSettings.updatedByStaffId))
    .where(eq(codRiskSettings.id, 1));
  return {
    ...valuesOf(found?.row),
    updatedAt: found?.row.updatedAt.toISOString() ?? null,
    updatedBy: found?.staffName ?? null,
  };
}

/** The owner replaces the risk rules under the row's lock, with an audit entry of what changed. */
export async function updateCodRiskSettings(db: Database, body: CodRiskSettingsBody, actor: StaffActor) {
  await db.transaction(async (tx) => {
    await tx.insert(codRiskSettings).values({ id: 1 }).onConflictDoNothing();
    const [row] = await tx.select().from(codRiskSettings).where(eq(codRiskSettings.id, 1)).for('update');
    const current = valuesOf(row);
    const { before, after } = changedValues(current, body);
    if (Object.keys(after).length === 0) return;
    await tx
      .update(codRiskSettings)
      .set({ ...body, updatedByStaffId: actor.staffId, updatedAt: sql`now()` })
      .where(eq(codRiskSettings.id, 1));
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'cod_risk_settings.update',
      entityType: 'cod_risk_settings',
      entityId: '1',
      before,
      after,
      ipAddress: actor.ipAddress,
    });
  });
}
