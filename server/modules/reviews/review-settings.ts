import { eq, sql } from 'drizzle-orm';
import type { ReviewSettingsBody } from '../../../contracts/reviews';
import type { Database } from '../../db/client';
import { reviewSettings, staff } from '../../db/schema';
import type { StaffActor } from '../audit/audit-log';
import { changedValues, recordAudit } from '../audit/audit-log';
import { readReviewSettings } from './review-records';

// docs/product.md#review-settings: publish at once or hold for the owner, and the days after delivery a review
// request waits; one row written on the first save, the defaults until then.

/** The settings as the console shows them, with who saved them last. */
export async function reviewSettingsView(db: Database) {
  const [found] = await db
    .select({ updatedAt: reviewSettings.updatedAt, staffName: staff.name })
    .from(reviewSettings)
    .leftJoin(staff, eq(staff.id, reviewSettings.updatedByStaffId))
    .where(eq(reviewSettings.id, 1));
  return {
    ...(await readReviewSettings(db)),
    updatedAt: found?.updatedAt.toISOString() ?? null,
    updatedBy: found?.staffName ?? null,
  };
}

/** The owner replaces the settings under the row's lock, with an audit entry of what changed. */
export async function updateReviewSettings(db: Database, body: ReviewSettingsBody, actor: StaffActor) {
  await db.transaction(async (tx) => {
    await tx.insert(reviewSettings).values({ id: 1 }).onConflictDoNothing();
    const [row] = await tx.select().from(reviewSettings).where(eq(reviewSettings.id, 1)).for('update');
    const current = { autoPublish: row?.autoPublish, requestDelayDays: row?.requestDelayDays };
    const { before, after } = changedValues(current, body);
    if (Object.keys(after).length === 0) return;
    await tx
      .update(reviewSettings)
      .set({ ...body, updatedByStaffId: actor.staffId, updatedAt: sql`now()` })
      .where(eq(reviewSettings.id, 1));
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'review_settings.update',
      entityType: 'review_settings',
      entityId: '1',
      before,
      after,
      ipAddress: actor.ipAddress,
    });
  });
}
