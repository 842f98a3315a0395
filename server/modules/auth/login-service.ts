import { authMessages, type OtpTarget } from '../../../contracts/auth';
import { normalizeIndianPhone } from '../../../contracts/phone';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { findUserByContact } from './account-lookup';
import { assertNotBlocked } from './blocked-account';
import { delayAfterFailure, loginFailures } from './login-throttle';
import { decoyPasswordHash, verifyPassword } from './passwords';
import { createSession, type SessionOrigin } from './sessions';
import { toUser } from './user-view';

export interface LoginInput {
  email?: string | undefined;
  mobile?: string | undefined;
  password: string;
}

function identify(input: LoginInput): OtpTarget {
  const email = (input.email ?? '').trim().toLowerCase();
  if (email !== '') return { channel: 'email', address: email };
  const phone = normalizeIndianPhone(input.mobile ?? '');
  if (!phone.ok) throw new AppError('invalid', phone.message);
  return { channel: 'sms', address: phone.phone };
}

/**
 * docs/product.md#login: after repeated failures on the account or from the IP a login also needs the bot
 * challenge (the route's gate asks this before the password is checked).
 */
export function loginNeedsChallenge(db: Database, input: LoginInput, ipAddress: string): Promise<boolean> {
  return loginFailures.needsChallenge(db, loginFailures.keysOf(identify(input).address, ipAddress).keys);
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
  const { accountKey, keys } = loginFailures.keysOf(identity.address, origin.ipAddress);

  // docs/architecture.md#accounts: a mobile typed at an e-mail signup is unverified and opens nothing.
  const user = await findUserByContact(db, identity);
  const matches = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!user?.passwordHash || !matches) {
    const failures = await loginFailures.recordFailure(db, keys);
    await delayAfterFailure(failures, options.delayScale);
    throw new AppError('invalid', authMessages.invalidCredentials);
  }
  await loginFailures.clearFailures(db, accountKey);
  assertNotBlocked(user);
  const session = await createSession(db, user.id, origin);
  return { user: toUser(user), token: session.token };
}
