import { desc, eq, sql } from 'drizzle-orm';
import {
  type InviteStaffBody,
  type StaffMember,
  type StaffRole,
  staffConsoleMessages,
} from '../../../contracts/staff';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { staff } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit-log';
import { createSetupLink } from './setup-links';
import { revokeStaffSessionsOf } from './staff-sessions';

type StaffRow = typeof staff.$inferSelect;

export function toStaffMember(row: StaffRow): StaffMember {
  const status = row.disabledAt ? 'disabled' : row.totpConfirmedAt ? 'active' : 'invited';
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Who did it, and from where: null staff for the command line. */
export interface Actor {
  staffId: string | null;
  ipAddress: string | null;
}

/**
 * docs/product.md#staff: a new member of staff and their one-time set-up link (the command line makes the
 * first owner with it; an owner invites the rest). A duplicate e-mail is refused.
 */
export async function createStaffWithSetupLink(db: Database, input: InviteStaffBody, actor: Actor) {
  const email = input.email.trim().toLowerCase();
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staff)
        .values({ email, name: input.name.trim(), role: input.role, createdBy: actor.staffId })
        .returning();
      if (!row) throw new Error('insert returned no staff');
      const token = await createSetupLink(tx, row.id);
      const member = toStaffMember(row);
      await recordAudit(tx, {
        staffId: actor.staffId,
        action: 'staff.create',
        entityType: 'staff',
        entityId: row.id,
        after: { email: member.email, name: member.name, role: member.role },
        ipAddress: actor.ipAddress,
      });
      return { member, token };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', staffConsoleMessages.emailTaken);
    throw error;
  }
}

export async function listStaff(db: Database): Promise<StaffMember[]> {
  const rows = await db.select().from(staff).orderBy(desc(staff.createdAt));
  return rows.map(toStaffMember);
}

async function lockedMember(tx: Database, staffId: string, actor: Actor) {
  if (staffId === actor.staffId) throw new AppError('conflict', staffConsoleMessages.notYourself);
  const [row] = await tx.select().from(staff).where(eq(staff.id, staffId)).for('update').limit(1);
  if (!row) throw new AppError('not_found', staffConsoleMessages.staffNotFound);
  return row;
}

export function changeStaffRole(db: Database, staffId: string, role: StaffRole, actor: Actor) {
  return db.transaction(async (tx) => {
    const before = await lockedMember(tx, staffId, actor);
    const [after] = await tx
      .update(staff)
      .set({ role, updatedAt: sql`now()` })
      .where(eq(staff.id, staffId))
      .returning();
    if (!after) throw new AppError('not_found', staffConsoleMessages.staffNotFound);
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'staff.change_role',
      entityType: 'staff',
      entityId: staffId,
      before: { role: before.role },
      after: { role: after.role },
      ipAddress: actor.ipAddress,
    });
    return toStaffMember(after);
  });
}

/** Disabling ends every session of theirs in the same transaction. */
export function disableStaff(db: Database, staffId: string, actor: Actor) {
  return db.transaction(async (tx) => {
    const before = await lockedMember(tx, staffId, actor);
    const [after] = await tx
      .update(staff)
      .set({ disabledAt: before.disabledAt ?? sql`now()`, updatedAt: sql`now()` })
      .where(eq(staff.id, staffId))
      .returning();
    if (!after) throw new AppError('not_found', staffConsoleMessages.staffNotFound);
    await revokeStaffSessionsOf(tx, staffId);
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'staff.disable',
      entityType: 'staff',
      entityId: staffId,
      before: { disabled: before.disabledAt !== null },
      after: { disabled: true },
      ipAddress: actor.ipAddress,
    });
    return toStaffMember(after);
  });
}
