import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { StaffRole } from '../../../contracts/staff';
import type { Database } from '../../db/client';
import { staff, staffSessions } from '../../db/schema';
import { hashToken, newOpaqueToken } from '../auth/tokens';

/** docs/architecture.md#staff: a console session ends after 30 idle minutes, and after 12 hours in any case. */
export const STAFF_IDLE_MS = 30 * 60 * 1000;
export const STAFF_SESSION_MAX_MS = 12 * 60 * 60 * 1000;

export interface StaffSessionOrigin {
  ipAddress: string;
  userAgent: string | undefined;
}

export interface LiveStaffSession {
  sessionId: string;
  staffId: string;
  email: string;
  name: string;
  role: StaffRole;
  /** False while the session waits for the TOTP (or recovery) code: it opens nothing but that step. */
  secondFactorDone: boolean;
}

export async function createStaffSession(
  db: Database,
  staffId: string,
  origin: StaffSessionOrigin,
  options: { secondFactorDone: boolean },
) {
  const token = newOpaqueToken();
  const now = Date.now();
  const [row] = await db
    .insert(staffSessions)
    .values({
      staffId,
      tokenHash: hashToken(token),
      secondFactorAt: options.secondFactorDone ? new Date(now) : null,
      expiresAt: new Date(now + STAFF_SESSION_MAX_MS),
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent?.slice(0, 500),
    })
    .returning({ id: staffSessions.id });
  if (!row) throw new Error('insert returned no staff session');
  return { sessionId: row.id, token };
}

/**
 * The live session a token names, its idle clock restarted in the same statement: not revoked, within its
 * 12 hours, used in the last 30 minutes, of a member of staff who is not disabled.
 */
export async function findLiveStaffSession(
  db: Database,
  token: string,
): Promise<LiveStaffSession | undefined> {
  const idleSince = new Date(Date.now() - STAFF_IDLE_MS);
  const [session] = await db
    .update(staffSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, sql`now()`),
        gt(staffSessions.lastSeenAt, idleSince),
      ),
    )
    .returning({
      id: staffSessions.id,
      staffId: staffSessions.staffId,
      secondFactorAt: staffSessions.secondFactorAt,
    });
  if (!session) return undefined;
  const [member] = await db
    .select({ email: staff.email, name: staff.name, role: staff.role })
    .from(staff)
    .where(and(eq(staff.id, session.staffId), isNull(staff.disabledAt)))
    .limit(1);
  if (!member) return undefined;
  return {
    sessionId: session.id,
    staffId: session.staffId,
    ...member,
    secondFactorDone: session.secondFactorAt !== null,
  };
}

/**
 * The second factor given: the session now opens the console, under a new token, so a token seen before the
 * code step (the password step's) opens nothing. Returns the new token.
 */
export async function completeSecondFactor(db: Database, sessionId: string): Promise<string> {
  const token = newOpaqueToken();
  await db
    .update(staffSessions)
    .set({ secondFactorAt: sql`now()`, tokenHash: hashToken(token) })
    .where(eq(staffSessions.id, sessionId));
  return token;
}

export async function revokeStaffSession(db: Database, sessionId: string) {
  await db.update(staffSessions).set({ revokedAt: sql`now()` }).where(eq(staffSessions.id, sessionId));
}

/** Ends every session of a member of staff, e.g. when an owner disables them. */
export async function revokeStaffSessionsOf(db: Database, staffId: string) {
  await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}
