import { eq } from 'drizzle-orm';
import { authMessages, type ProfileUpdate } from '../../../contracts/auth';
import { messages } from '../../../contracts/messages';
import { normalizeIndianPhone } from '../../../contracts/phone';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { toUser } from './user-view';

export async function getProfile(db: Database, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  // The session outlived its account.
  if (!row) throw new AppError('unauthorized', messages.unauthorized);
  return toUser(row);
}

/** docs/product.md#http-api PUT /auth/profile: a partial update; e-mail is read-only (docs/product.md#behaviour Profile form). */
export async function updateProfile(db: Database, userId: string, update: ProfileUpdate) {
  const current = await getProfile(db, userId);
  const { email, phone, ...fields } = update;
  if (email !== undefined && email.trim().toLowerCase() !== (current.email ?? '')) {
    throw new AppError('invalid', authMessages.emailReadOnly);
  }
  if (fields.pincode !== undefined && fields.pincode !== '' && fields.pincode.length < 6) {
    throw new AppError('invalid', messages.pincodeTooShort);
  }
  const changes: Partial<typeof users.$inferInsert> = { ...fields, updatedAt: new Date() };
  if (phone !== undefined && phone !== '') {
    const normalized = normalizeIndianPhone(phone);
    if (!normalized.ok) throw new AppError('invalid', normalized.message);
    changes.phone = normalized.phone;
  }
  try {
    const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
    if (!row) throw new AppError('unauthorized', messages.unauthorized);
    return toUser(row);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('conflict', 'This phone number belongs to another account.');
    throw error;
  }
}
