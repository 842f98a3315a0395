import { eq, sql } from 'drizzle-orm';
import {
  PREPAID_OFFER_OFF,
  type PrepaidOfferBody,
  type PrepaidOfferSettings,
  type PrepaidOfferTerms,
} from '../../../contracts/prepaid-offer';
import type { Database } from '../../db/client';
import { prepaidOfferSettings, staff } from '../../db/schema';
import type { StaffActor } from '../audit/audit-log';
import { changedValues, recordAudit } from '../audit/audit-log';

// docs/product.md#prepaid-offer: the owner's discount for paying online, one row written on the first save.

type TermsRow = Pick<
  typeof prepaidOfferSettings.$inferSelect,
  'enabled' | 'kind' | 'percentOff' | 'maxDiscountPaise' | 'amountOffPaise'
>;

/** The offer's terms from its row (none: no offer). */
export function prepaidOfferTermsOf(row: TermsRow | null | undefined): PrepaidOfferTerms {
  if (!row) return PREPAID_OFFER_OFF;
  const { enabled, kind, percentOff, maxDiscountPaise, amountOffPaise } = row;
  // Only the figures of the chosen kind count; the other kind's are kept for the form.
  return {
    enabled,
    kind,
    percentOff: kind === 'percent' ? percentOff : null,
    maxDiscountPaise: kind === 'percent' ? maxDiscountPaise : null,
    amountOffPaise: kind === 'flat' ? amountOffPaise : null,
  };
}

/** The setting as the console shows it, with who saved it last. */
export async function prepaidOfferView(db: Database): Promise<PrepaidOfferSettings> {
  const [found] = await db
    .select({ row: prepaidOfferSettings, staffName: staff.name })
    .from(prepaidOfferSettings)
    .leftJoin(staff, eq(staff.id, prepaidOfferSettings.updatedByStaffId))
    .where(eq(prepaidOfferSettings.id, 1));
  return {
    ...prepaidOfferTermsOf(found?.row),
    updatedAt: found?.row.updatedAt.toISOString() ?? null,
    updatedBy: found?.staffName ?? null,
  };
}

/** The owner replaces the offer under the row's lock, with an audit entry of what changed. */
export async function updatePrepaidOffer(db: Database, body: PrepaidOfferBody, actor: StaffActor) {
  const next = prepaidOfferTermsOf(body);
  await db.transaction(async (tx) => {
    await tx.insert(prepaidOfferSettings).values({ id: 1 }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(prepaidOfferSettings)
      .where(eq(prepaidOfferSettings.id, 1))
      .for('update');
    const current = prepaidOfferTermsOf(row);
    const { before, after } = changedValues(current, next);
    if (Object.keys(after).length === 0) return;
    await tx
      .update(prepaidOfferSettings)
      .set({ ...next, updatedByStaffId: actor.staffId, updatedAt: sql`now()` })
      .where(eq(prepaidOfferSettings.id, 1));
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'prepaid_offer.update',
      entityType: 'prepaid_offer_settings',
      entityId: '1',
      before,
      after,
      ipAddress: actor.ipAddress,
    });
  });
}
