import { and, eq, gt, gte, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { sessions, users } from '../../db/schema';
import { hashToken, newOpaqueToken } from './tokens';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionOrigin {
  ipAddress: string;
  userAgent: string | undefined;
}

export async function createSession(db: Database, userId: string, origin: SessionOrigin) {
  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt,
    ipAddress: origin.ipAddress,
    userAgent: origin.userAgent?.slice(0, 500),
  });
  return { token, expiresAt };
}

/**
 * The live session a token names: not expired, not revoked, and of a shopper who is not blocked
 * (docs/product.md#customers: a block ends every session at once, even one made a moment after it).
 */
const liveSessionQuery = preparedPerDatabase((db) =>
  db
    .select({ id: sessions.id, userId: sessions.userId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        isNull(users.blockedAt),
      ),
    )
    .limit(1)
    .prepare('find_live_session'),
);

export async function findLiveSession(db: Database, token: string) {
  const [session] = await liveSessionQuery(db).execute({ tokenHash: hashToken(token), now: new Date() });
  return session;
}

export async function revokeSession(db: Database, sessionId: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Ends every live session of the user (a password reset, "sign out everywhere"). */
export async function revokeAllSessionsOf(db: Database, userId: string): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}

/**
 * Whether a token names a session that is live but for the block on its shopper, or that the block itself ended
 * (blocking revokes every session in its transaction): such a request is told why (docs/product.md#customers),
 * not merely signed out. A session its shopper ended before the block is not.
 */
export async function isSessionOfBlockedShopper(db: Database, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        or(isNull(sessions.revokedAt), gte(sessions.revokedAt, users.blockedAt)),
        gt(sessions.expiresAt, new Date()),
        isNotNull(users.blockedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}
