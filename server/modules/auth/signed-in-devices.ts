import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { accountMessages, type SignedInDevice } from '../../../contracts/account';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import { isUuid } from '../../db/uuid';
import { AppError } from '../../errors';
import { describeDevice } from './device-name';

function liveSessionsOf(userId: string) {
  return and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()));
}

/** docs/product.md#signed-in-devices: the user's live sessions, newest first, this one marked. */
export async function listSignedInDevices(
  db: Database,
  userId: string,
  currentSessionId: string | undefined,
): Promise<SignedInDevice[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(liveSessionsOf(userId))
    .orderBy(desc(sessions.createdAt));
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    ipAddress: row.ipAddress,
    signedInAt: row.createdAt.toISOString(),
    current: row.id === currentSessionId,
  }));
}

/** Ends one live session of the user; anyone else's, or one already ended, is a 404. */
export async function revokeSignedInDevice(db: Database, userId: string, sessionId: string) {
  if (!isUuid(sessionId)) throw new AppError('not_found', accountMessages.sessionNotFound);
  const [revoked] = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), liveSessionsOf(userId)))
    .returning({ id: sessions.id });
  if (!revoked) throw new AppError('not_found', accountMessages.sessionNotFound);
}
