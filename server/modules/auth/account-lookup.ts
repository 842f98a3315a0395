import { and, eq, isNotNull } from 'drizzle-orm';
import type { OtpTarget } from '../../../contracts/auth';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

/**
 * The account an e-mail or a mobile names. An e-mail is always verified (by OTP or Google); a mobile
 * names an account only once its owner verified it by OTP, so a number typed at an e-mail signup opens
 * nothing (docs/architecture.md#accounts).
 */
export async function findUserByContact(db: Database, target: OtpTarget) {
  const condition =
    target.channel === 'email'
      ? eq(users.email, target.address)
      : and(eq(users.phone, target.address), isNotNull(users.phoneVerifiedAt));
  const [user] = await db.select().from(users).where(condition).limit(1);
  return user;
}
