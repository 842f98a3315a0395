import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { adminCustomerMessages } from '../../../contracts/admin-customers';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import type { StaffActor } from '../audit/audit-log';
import { recordAudit } from '../audit/audit-log';
import { revokeAllSessionsOf } from '../auth/sessions';

// docs/architecture.md#console-customers: block and unblock are idempotent; a repeat changes nothing and
// records nothing, so the audit log holds only real changes.

async function assertCustomerExists(db: Database, userId: string) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('not_found', adminCustomerMessages.customerNotFound);
}

/** Ends every session of the shopper ("Sign out everywhere"). */
export async function signOutEverywhere(db: Database, userId: string, actor: StaffActor) {
  await assertCustomerExists(db, userId);
  await db.transaction(async (tx) => {
    const revoked = await revokeAllSessionsOf(tx, userId);
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'customer.sign_out',
      entityType: 'customer',
      entityId: userId,
      after: { sessionsRevoked: revoked },
      ipAddress: actor.ipAddress,
    });
  });
  return { message: adminCustomerMessages.signedOut };
}

/** docs/product.md#customers: blocked at once, and every session ended in the same transaction. */
export async function blockCustomer(
  db: Database,
  userId: string,
  reason: string | undefined,
  actor: StaffActor,
) {
  await assertCustomerExists(db, userId);
  const changed = await db.transaction(async (tx) => {
    const [blocked] = await tx
      .update(users)
      .set({ blockedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.blockedAt)))
      .returning({ blockedAt: users.blockedAt });
    if (!blocked) return false;
    const revoked = await revokeAllSessionsOf(tx, userId);
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'customer.block',
      entityType: 'customer',
      entityId: userId,
      before: { blockedAt: null },
      after: { blockedAt: blocked.blockedAt, reason: reason || null, sessionsRevoked: revoked },
      ipAddress: actor.ipAddress,
    });
    return true;
  });
  return { message: changed ? adminCustomerMessages.blocked : adminCustomerMessages.alreadyBlocked };
}

export async function unblockCustomer(
  db: Database,
  userId: string,
  reason: string | undefined,
  actor: StaffActor,
) {
  await assertCustomerExists(db, userId);
  const changed = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ blockedAt: users.blockedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before?.blockedAt) return false;
    await tx
      .update(users)
      .set({ blockedAt: null })
      .where(and(eq(users.id, userId), isNotNull(users.blockedAt)));
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'customer.unblock',
      entityType: 'customer',
      entityId: userId,
      before: { blockedAt: before.blockedAt },
      after: { blockedAt: null, reason: reason || null },
      ipAddress: actor.ipAddress,
    });
    return true;
  });
  return { message: changed ? adminCustomerMessages.unblocked : adminCustomerMessages.notBlocked };
}
