import { eq } from 'drizzle-orm';
import { authMessages } from '../../../contracts/auth';
import { normalizeIndianPhone } from '../../../contracts/phone';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import {
  clearFailures,
  delayAfterFailure,
  needsChallenge,
  recordFailure,
  throttleKeys,
} from './login-throttle';
import { decoyPasswordHash, verifyPassword } from './passwords';
import { createSession, type SessionOrigin } from './sessions';
import { toUser } from './user-view';

export interface LoginInput {
  email?: string | undefined;
  mobile?: string | undefined;
  password: string;
}

function identify(input: LoginInput) {
  const email = (input.email ?? '').trim().toLowerCase();
  if (email !== '') return { column: users.email, value: email };
  const phone = normalizeIndianPhone(input.mobile ?? '');
  if (!phone.ok) throw new AppError('invalid', phone.message);
  return { column: users.phone, value: phone.phone };
}

/**
 * docs/product.md#login: after repeated failures on the account or from the IP a login also needs the bot
 * challenge (the route's gate asks this before the password is checked).
 */
export function loginNeedsChallenge(db: Database, input: LoginInput, ipAddress: string): Promise<boolean> {
  return needsChallenge(db, throttleKeys(identify(input).value, ipAddress).keys);
}

/**
 * Login answers an unknown account exactly as a wrong password (same status, body and cost) and slows down
 * repeated failures; it never locks anyone out (docs/product.md#login).
 */
export async function logIn(
  db: Database,
  input: LoginInput,
  origin: SessionOrigin,
  options: { delayScale?: number } = {},
) {
  const identity = identify(input);
  const { accountKey, keys } = throttleKeys(identity.value, origin.ipAddress);

  const [user] = await db.select().from(users).where(eq(identity.column, identity.value)).limit(1);
  const matches = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!user?.passwordHash || !matches) {
    const failures = await recordFailure(db, keys);
    await delayAfterFailure(failures, options.delayScale);
    throw new AppError('invalid', authMessages.invalidCredentials);
  }
  await clearFailures(db, accountKey);
  const session = await createSession(db, user.id, origin);
  return { user: toUser(user), token: session.token };
}
