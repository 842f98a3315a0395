import { eq } from 'drizzle-orm';
import { authMessages, type ProfileUpdate } from '../../../contracts/auth';
import { messages } from '../../../contracts/messages';
import { normalizeIndianPhone } from '../../../contracts/phone';
import { pincodeProblem, stateProblem } from '../../../contracts/pincode';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { lookUpPincode } from '../pincode-directory/directory';
import { spendTicket } from './otp-service';
import { toUser } from './user-view';

type UserChanges = Partial<typeof users.$inferInsert>;

export async function getProfile(db: Database, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  // The session outlived its account.
  if (!row) throw new AppError('unauthorized', messages.unauthorized);
  return toUser(row);
}

/**
 * docs/product.md#pincode-directory: a pincode or state the update gives keeps the address rules; '' clears
 * the field (the profile may be incomplete, checkout asks for it).
 */
function savedAddressProblem({ pincode, state }: ProfileUpdate): string | undefined {
  if (pincode !== undefined && pincode !== '') {
    const problem = pincodeProblem(pincode, lookUpPincode);
    if (problem) return problem;
  }
  if (state !== undefined && state !== '') return stateProblem(state);
  return undefined;
}

/** docs/product.md#delivery-address: the contact mobile as bare 10 digits; null when cleared or the account's own. */
function deliveryPhoneOf(input: string, accountPhone: string): string | null {
  if (input.trim() === '') return null;
  const phone = normalizeIndianPhone(input);
  if (!phone.ok) throw new AppError('invalid', phone.message);
  return phone.phone === accountPhone ? null : phone.phone;
}

interface PhoneChange {
  phone: string;
  ticket: string;
}

/** The new phone and its OTP ticket when the update changes the phone or verifies it; undefined when it leaves it. */
function phoneChangeOf(update: ProfileUpdate, currentPhone: string): PhoneChange | undefined {
  const { phone, phoneVerificationToken: ticket } = update;
  if (phone === undefined || phone === '') return undefined;
  const normalized = normalizeIndianPhone(phone);
  if (!normalized.ok) throw new AppError('invalid', normalized.message);
  if (normalized.phone === currentPhone && !ticket) return undefined;
  // docs/architecture.md#accounts: the same answer whoever owns the number.
  if (!ticket) throw new AppError('invalid', authMessages.phoneChangeNeedsOtp);
  return { phone: normalized.phone, ticket };
}

/**
 * Writes the changes; a new phone goes with its OTP ticket, spent in the same transaction, and becomes the
 * account's verified phone (docs/architecture.md#accounts).
 */
async function writeChanges(
  db: Database,
  userId: string,
  changes: UserChanges,
  newPhone: PhoneChange | undefined,
) {
  return db.transaction(async (tx) => {
    if (newPhone) {
      const ticket = await spendTicket(tx, newPhone.ticket);
      if (ticket?.channel !== 'sms' || ticket.address !== newPhone.phone)
        throw new AppError('invalid', authMessages.phoneChangeNeedsOtp);
    }
    const phoneChanges: UserChanges = newPhone ? { phone: newPhone.phone, phoneVerifiedAt: new Date() } : {};
    const [row] = await tx
      .update(users)
      .set({ ...changes, ...phoneChanges })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw new AppError('unauthorized', messages.unauthorized);
    return row;
  });
}

/** docs/product.md#http-api PUT /auth/profile: a partial update; e-mail is read-only (docs/product.md#behaviour Profile form). */
export async function updateProfile(db: Database, userId: string, update: ProfileUpdate) {
  const current = await getProfile(db, userId);
  const { email, phone: _phone, phoneVerificationToken: _ticket, ...fields } = update;
  if (email !== undefined && email.trim().toLowerCase() !== (current.email ?? '')) {
    throw new AppError('invalid', authMessages.emailReadOnly);
  }
  const addressProblem = savedAddressProblem(fields);
  if (addressProblem) throw new AppError('invalid', addressProblem);
  const newPhone = phoneChangeOf(update, current.phone);
  const { deliveryPhone, ...otherFields } = fields;
  const changes: UserChanges = { ...otherFields, updatedAt: new Date() };
  if (deliveryPhone !== undefined) changes.deliveryPhone = deliveryPhoneOf(deliveryPhone, current.phone);
  try {
    return toUser(await writeChanges(db, userId, changes, newPhone));
  } catch (error) {
    if (!isUniqueViolation(error) || !newPhone) throw error;
    // The caller proved they own the number, so saying it is taken tells them nothing; the ticket is spent
    // all the same, so it cannot be replayed.
    await spendTicket(db, newPhone.ticket);
    throw new AppError('conflict', authMessages.phoneTaken);
  }
}
