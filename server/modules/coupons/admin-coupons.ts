import { eq, inArray, sql } from 'drizzle-orm';
import {
  adminCouponMessages,
  type CouponInput,
  CouponInputSchema,
  type CouponPatch,
  couponFieldsProblem,
  type ValidCouponInput,
} from '../../../contracts/coupons';
import { rupeesToPaise } from '../../../contracts/pricing';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { coupons, heldTotals, products } from '../../db/schema';
import { AppError } from '../../errors';
import type { StaffActor } from '../audit/audit-log';
import { recordAudit } from '../audit/audit-log';
import type { CouponRow } from './coupon-standing';
import { toCoupon } from './coupon-views';

// docs/product.md#console-coupons: owners create, edit, pause and end codes; every change is audited.

const invalid = (message: string, field?: string) =>
  new AppError('invalid', message, field ? [{ field, message }] : undefined);

/** The stored columns of the console's fields: rupees become paise, instants dates. */
function columnsOf(input: ValidCouponInput) {
  const paise = (rupees: number | null) => (rupees === null ? null : rupeesToPaise(rupees));
  return {
    code: input.code,
    kind: input.kind,
    percentOff: input.percentOff,
    maxDiscountPaise: paise(input.maxDiscountRupees),
    amountOffPaise: paise(input.amountOffRupees),
    minOrderPaise: rupeesToPaise(input.minOrderRupees),
    validFrom: new Date(input.validFrom),
    validUntil: input.validUntil === null ? null : new Date(input.validUntil),
    totalUses: input.totalUses,
    usesPerShopper: input.usesPerShopper,
    firstOrderOnly: input.firstOrderOnly,
    productIds: [...new Set(input.productIds)],
    categories: [...new Set(input.categories)],
    public: input.public,
    description: input.description,
  };
}

/** The console's fields of a stored code, to merge a PATCH into before checking the whole. */
function inputOf(row: CouponRow): ValidCouponInput {
  const { id: _id, status: _status, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = toCoupon(row);
  return fields;
}

async function refuseUnknownProducts(db: Database, productIds: readonly number[]) {
  if (productIds.length === 0) return;
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...productIds]));
  const known = new Set(found.map((row) => row.id));
  const unknown = productIds.find((id) => !known.has(id));
  if (unknown !== undefined) throw invalid(adminCouponMessages.unknownProduct(unknown), 'productIds');
}

function codeTaken(error: unknown): never {
  if (isUniqueViolation(error))
    throw new AppError('conflict', adminCouponMessages.codeTaken, [
      { field: 'code', message: adminCouponMessages.codeTaken },
    ]);
  throw error;
}

export async function createCoupon(db: Database, input: CouponInput, actor: StaffActor): Promise<CouponRow> {
  const body = CouponInputSchema.parse(input);
  await refuseUnknownProducts(db, body.productIds);
  return db
    .transaction(async (tx) => {
      const [row] = await tx.insert(coupons).values(columnsOf(body)).returning();
      if (!row) throw new Error('the coupon was not saved');
      // docs/architecture.md#holds: a checkout locks the code's held total with its row, so both exist together.
      await tx.insert(heldTotals).values({ kind: 'coupon', ref: row.id, units: 0 });
      await recordAudit(tx, {
        staffId: actor.staffId,
        action: 'coupon.create',
        entityType: 'coupon',
        entityId: String(row.id),
        after: toCoupon(row),
        ipAddress: actor.ipAddress,
      });
      return row;
    })
    .catch(codeTaken);
}

/**
 * A change of fields and/or status, checked as a whole with the stored fields. Under the coupon's row lock, so
 * a checkout reserving a use sees the code before or after the change, never half of it.
 */
export async function updateCoupon(
  db: Database,
  id: number,
  patch: CouponPatch,
  actor: StaffActor,
): Promise<CouponRow> {
  const { status, ...fields } = patch;
  return db
    .transaction(async (tx) => {
      const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('no key update');
      if (!before) throw new AppError('not_found', adminCouponMessages.notFound);
      if (before.status === 'ended') throw invalid(adminCouponMessages.endedIsFinal, 'status');
      const merged = { ...inputOf(before), ...fields } as ValidCouponInput;
      const problem = couponFieldsProblem(merged);
      if (problem) throw invalid(problem);
      const used = before.usedCount > 0 || (await anyOrderCarries(tx, id));
      if (merged.code !== before.code && used) throw invalid(adminCouponMessages.codeFixedOnceUsed, 'code');
      if (fields.productIds) await refuseUnknownProducts(tx, fields.productIds);
      const [after] = await tx
        .update(coupons)
        .set({ ...columnsOf(merged), ...(status ? { status } : {}), updatedAt: sql`now()` })
        .where(eq(coupons.id, id))
        .returning();
      if (!after) throw new Error('the coupon was not saved');
      await recordAudit(tx, {
        staffId: actor.staffId,
        action: status && status !== before.status ? `coupon.${status}` : 'coupon.update',
        entityType: 'coupon',
        entityId: String(id),
        before: toCoupon(before),
        after: toCoupon(after),
        ipAddress: actor.ipAddress,
      });
      return after;
    })
    .catch(codeTaken);
}

/** Any order ever placed with the code, paid or not: its code is on the shopper's records. */
async function anyOrderCarries(tx: Database, couponId: number) {
  const result = (await tx.execute(
    sql`select exists (select 1 from orders where coupon_id = ${couponId}) as carried`,
  )) as unknown as { rows: { carried: boolean }[] };
  return result.rows[0]?.carried === true;
}
