import { eq, sql } from 'drizzle-orm';
import { normaliseCouponCode } from '../../../contracts/coupon-rules';
import {
  DEFAULT_WINBACK_SETTINGS,
  type WinbackSettings,
  winbackMessages,
  winbackSettingsProblem,
} from '../../../contracts/winback-rules';
import type { Database } from '../../db/client';
import { coupons, staff, winbackSettings } from '../../db/schema';
import { AppError } from '../../errors';
import { changedValues, recordAudit, type StaffActor } from '../audit/audit-log';

// docs/product.md#winback-settings: on or off, the two reminders' delays and the second one's optional code; one
// row written on the first save, the defaults until then.

export async function readWinbackSettings(db: Database): Promise<WinbackSettings> {
  const [row] = await db.select().from(winbackSettings).where(eq(winbackSettings.id, 1));
  if (!row) return DEFAULT_WINBACK_SETTINGS;
  return {
    enabled: row.enabled,
    firstDelayMinutes: row.firstDelayMinutes,
    secondDelayMinutes: row.secondDelayMinutes,
    secondReminderCode: row.secondReminderCode,
  };
}

export async function winbackSettingsView(db: Database) {
  const [found] = await db
    .select({ updatedAt: winbackSettings.updatedAt, staffName: staff.name })
    .from(winbackSettings)
    .leftJoin(staff, eq(staff.id, winbackSettings.updatedByStaffId))
    .where(eq(winbackSettings.id, 1));
  return {
    ...(await readWinbackSettings(db)),
    updatedAt: found?.updatedAt.toISOString() ?? null,
    updatedBy: found?.staffName ?? null,
  };
}

/** The second reminder's code must be an existing code, active and not past its end. */
async function checkedCode(db: Database, code: string | null): Promise<string | null> {
  if (code === null || code.trim() === '') return null;
  const normal = normaliseCouponCode(code);
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, normal));
  if (!coupon) throw new AppError('invalid', winbackMessages.codeUnknown);
  const ended = coupon.validUntil !== null && coupon.validUntil.getTime() <= Date.now();
  if (coupon.status !== 'active' || ended) throw new AppError('invalid', winbackMessages.codeInactive);
  return coupon.code;
}

/** The owner replaces the settings under the row's lock, with an audit entry of what changed. */
export async function updateWinbackSettings(db: Database, body: WinbackSettings, actor: StaffActor) {
  const problem = winbackSettingsProblem(body);
  if (problem) throw new AppError('invalid', problem);
  const next = { ...body, secondReminderCode: await checkedCode(db, body.secondReminderCode) };
  await db.transaction(async (tx) => {
    await tx.insert(winbackSettings).values({ id: 1 }).onConflictDoNothing();
    const [row] = await tx.select().from(winbackSettings).where(eq(winbackSettings.id, 1)).for('update');
    const current = {
      enabled: row?.enabled,
      firstDelayMinutes: row?.firstDelayMinutes,
      secondDelayMinutes: row?.secondDelayMinutes,
      secondReminderCode: row?.secondReminderCode,
    };
    const { before, after } = changedValues(current, next);
    if (Object.keys(after).length === 0) return;
    await tx
      .update(winbackSettings)
      .set({ ...next, updatedByStaffId: actor.staffId, updatedAt: sql`now()` })
      .where(eq(winbackSettings.id, 1));
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'winback_settings.update',
      entityType: 'winback_settings',
      entityId: '1',
      before,
      after,
      ipAddress: actor.ipAddress,
    });
  });
}
