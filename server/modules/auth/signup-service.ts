import { authMessages, type SignupBody, signupProblem } from '../../../contracts/auth';
import { messages } from '../../../contracts/messages';
import { normalizeIndianPhone } from '../../../contracts/phone';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { lookUpPincode } from '../pincode-directory/directory';
import { findLiveTicket, spendTicket } from './otp-service';
import { hashPassword, isCommonPassword } from './passwords';
import { createSession, type SessionOrigin } from './sessions';
import { toUser } from './user-view';

const text = (value: string | undefined) => (value ?? '').trim();

function contactOf(body: SignupBody, channel: 'email' | 'sms') {
  if (channel === 'email') {
    return { email: text(body.email).toLowerCase(), phone: normalizeIndianPhone(text(body.mobile)) };
  }
  const phone = normalizeIndianPhone(text(body.phone) || text(body.phoneNumber) || text(body.mobile));
  // docs/product.md#phone-and-email: a phone signup has no e-mail.
  return { email: null, phone };
}

/**
 * docs/product.md#behaviour signup: the verified contact (the OTP ticket), then the documented field rules in their order; the
 * ticket is spent in the same transaction that creates the account, so it can make one account only. The
 * mobile of an e-mail signup is stored unverified: a number for the courier, never a login, never taken
 * (docs/architecture.md#accounts).
 */
export async function signUp(db: Database, body: SignupBody, origin: SessionOrigin) {
  const ticket = body.verificationToken ? await findLiveTicket(db, body.verificationToken) : undefined;
  if (!ticket || !body.verificationToken) throw new AppError('invalid', messages.verifyOtpFirst);
  const problem = signupProblem({ method: ticket.channel, body }, lookUpPincode);
  if (problem) throw new AppError('invalid', problem);
  const { email, phone } = contactOf(body, ticket.channel);
  if (!phone.ok) throw new AppError('invalid', phone.message);
  const verifiedAddress = ticket.channel === 'email' ? email : phone.phone;
  if (verifiedAddress !== ticket.address) throw new AppError('invalid', messages.verifyOtpFirst);
  const password = body.password ?? '';
  if (isCommonPassword(password)) throw new AppError('invalid', authMessages.commonPassword);
  const passwordHash = await hashPassword(password);
  const verificationToken = body.verificationToken;

  try {
    return await db.transaction(async (tx) => {
      if (!(await spendTicket(tx, verificationToken))) throw new AppError('invalid', messages.verifyOtpFirst);
      const now = new Date();
      const [user] = await tx
        .insert(users)
        .values({
          email,
          phone: phone.phone,
          passwordHash,
          firstName: text(body.firstName),
          lastName: text(body.lastName),
          houseName: text(body.houseName),
          streetArea: text(body.streetArea),
          city: text(body.city),
          state: text(body.state),
          country: text(body.country),
          pincode: text(body.pincode),
          emailVerifiedAt: ticket.channel === 'email' ? now : null,
          phoneVerifiedAt: ticket.channel === 'sms' ? now : null,
        })
        .returning();
      if (!user) throw new Error('insert returned no user');
      const session = await createSession(tx, user.id, origin);
      return { user: toUser(user), token: session.token };
    });
  } catch (error) {
    // docs/architecture.md#accounts: past the checks that read no other account, the ticket is gone whatever
    // the outcome, so one ticket can never probe number after number for a 409.
    await spendTicket(db, verificationToken);
    if (isUniqueViolation(error)) throw new AppError('conflict', authMessages.accountExists);
    throw error;
  }
}
