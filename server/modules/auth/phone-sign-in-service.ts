import { authMessages, type OtpTarget } from '../../../contracts/auth';
import { messages } from '../../../contracts/messages';
import type { PhoneSignupBody } from '../../../contracts/phone-sign-in';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { findUserByContact } from './account-lookup';
import { assertNotBlocked } from './blocked-account';
import { findLiveTicket, spendOtp, spendTicket, verifyOtp } from './otp-service';
import { createSession, type SessionOrigin } from './sessions';
import { toUser, type UserRow } from './user-view';

async function signedIn(db: Database, user: UserRow, origin: SessionOrigin) {
  assertNotBlocked(user);
  const session = await createSession(db, user.id, origin);
  return { user: toUser(user), token: session.token };
}

/**
 * docs/product.md#one-step-sign-in: a right code for a number with an account signs it in; for a number
 * without one it is exchanged for the single-use ticket that creates the account with a first name.
 */
export async function verifyPhone(db: Database, input: OtpTarget & { otp: string }, origin: SessionOrigin) {
  if (input.channel !== 'sms') throw new AppError('invalid', messages.phoneRequired);
  const user = await findUserByContact(db, input);
  if (!user) return { newAccount: true as const, ...(await verifyOtp(db, input)) };
  await spendOtp(db, input);
  return { newAccount: false as const, ...(await signedIn(db, user, origin)) };
}

/**
 * docs/product.md#one-step-sign-in and docs/architecture.md#accounts: the ticket is spent in the transaction
 * that creates the account, with no password and the number verified. Should the number have got an
 * account meanwhile (the same number verified twice at once), the unique index on verified numbers refuses
 * the second, and the holder of the ticket, who proved the number, is signed in to the account it names.
 */
export async function signUpByPhone(db: Database, body: PhoneSignupBody, origin: SessionOrigin) {
  const ticket = await findLiveTicket(db, body.verificationToken);
  if (ticket?.channel !== 'sms') throw new AppError('invalid', messages.verifyOtpFirst);
  const target = { channel: 'sms' as const, address: ticket.address };
  try {
    const created = await db.transaction(async (tx) => {
      if (!(await spendTicket(tx, body.verificationToken)))
        throw new AppError('invalid', messages.verifyOtpFirst);
      const [user] = await tx
        .insert(users)
        .values({
          phone: ticket.address,
          phoneVerifiedAt: new Date(),
          firstName: body.firstName,
          lastName: body.lastName ?? '',
        })
        .returning();
      if (!user) throw new Error('insert returned no user');
      const session = await createSession(tx, user.id, origin);
      return { user: toUser(user), token: session.token };
    });
    return { created: true, ...created };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await spendTicket(db, body.verificationToken);
    const existing = await findUserByContact(db, target);
    if (!existing) throw new AppError('conflict', authMessages.accountExists);
    return { created: false, ...(await signedIn(db, existing, origin)) };
  }
}
