import { eq } from 'drizzle-orm';
import type { PasswordResetBody } from '../../../contracts/account';
import { authMessages, type OtpTarget, PASSWORD_MIN_LENGTH } from '../../../contracts/auth';
import { messages } from '../../../contracts/messages';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { findUserByContact } from './account-lookup';
import { assertNotBlocked } from './blocked-account';
import { spendOtp } from './otp-service';
import { hashPassword, isCommonPassword } from './passwords';
import { createSession, revokeAllSessionsOf, type SessionOrigin } from './sessions';
import { toUser } from './user-view';

/**
 * The account a right code names. A code recorded for an address with no account was never sent, so nobody
 * can know it; should a guess match, it is answered as a wrong code (docs/product.md#otp).
 */
async function accountOfSpentCode(db: Database, input: OtpTarget & { otp: string }) {
  await spendOtp(db, input);
  const user = await findUserByContact(db, input);
  if (!user) throw new AppError('invalid', authMessages.otpWrong);
  return user;
}

/** docs/product.md#code-login: a right code sent for login signs in the account it names. */
export async function logInWithCode(db: Database, input: OtpTarget & { otp: string }, origin: SessionOrigin) {
  const user = await accountOfSpentCode(db, input);
  assertNotBlocked(user);
  const session = await createSession(db, user.id, origin);
  return { user: toUser(user), token: session.token };
}

/** docs/product.md#signup-rules: the same password rules as signup. */
function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return messages.passwordTooShort;
  if (isCommonPassword(password)) return authMessages.commonPassword;
  return undefined;
}

/**
 * docs/product.md#password-reset: the password is checked before the code is spent, so a refused password
 * leaves the code for another try; then the new password, every session of the account revoked, and a new
 * one for this device, all at once.
 */
export async function resetPasswordWithCode(db: Database, input: PasswordResetBody, origin: SessionOrigin) {
  const problem = passwordProblem(input.password);
  if (problem) throw new AppError('invalid', problem, [{ field: 'password', message: problem }]);
  const passwordHash = await hashPassword(input.password);
  const user = await accountOfSpentCode(db, input);
  // docs/product.md#customers: a blocked shopper's password stays as it was and no session is made.
  assertNotBlocked(user);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    if (!updated) throw new AppError('invalid', authMessages.otpFailed);
    await revokeAllSessionsOf(tx, user.id);
    const session = await createSession(tx, user.id, origin);
    return { user: toUser(updated), token: session.token };
  });
}
