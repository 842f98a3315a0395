import { and, eq, isNull } from 'drizzle-orm';
import { authMessages, PASSWORD_MIN_LENGTH } from '../../../contracts/auth';
import { messages } from '../../../contracts/messages';
import { phoneSignInMessages } from '../../../contracts/phone-sign-in';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../errors';
import { hashPassword, isCommonPassword } from './passwords';
import { toUser } from './user-view';

/** docs/product.md#one-step-sign-in: how recent the sign-in must be that stands in for the current password. */
export const FIRST_PASSWORD_SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/**
 * docs/product.md#one-step-sign-in: an account without a password (made by phone or Google) sets one on the
 * profile. There is no current password to ask, so the proof is a sign-in of the last 15 minutes, made with
 * an OTP or Google; an older session is asked to sign in again. An account that has a password changes it
 * by the password reset, never here.
 */
export async function setFirstPassword(
  db: Database,
  auth: { userId: string; sessionId: string },
  password: string,
) {
  if (password.length < PASSWORD_MIN_LENGTH) throw new AppError('invalid', messages.passwordTooShort);
  if (isCommonPassword(password)) throw new AppError('invalid', authMessages.commonPassword);
  const [session] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, auth.sessionId))
    .limit(1);
  if (!session || Date.now() - session.createdAt.getTime() > FIRST_PASSWORD_SIGN_IN_WINDOW_MS)
    throw new AppError('forbidden', phoneSignInMessages.signInAgainForPassword);
  const passwordHash = await hashPassword(password);
  const [updated] = await db
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(users.id, auth.userId), isNull(users.passwordHash)))
    .returning();
  if (!updated) throw new AppError('conflict', phoneSignInMessages.passwordAlreadySet);
  return toUser(updated);
}
