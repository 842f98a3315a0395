import type { User } from '../../contracts/auth';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { createSession } from '../modules/auth/sessions';
import { toUser } from '../modules/auth/user-view';

// Free of any test runner, so Vitest's tests and Playwright's fixtures both make shoppers with it.

let sequence = 0;

/** A fresh e-mail and mobile for each call, so tests never share an address. */
export function uniqueContact() {
  sequence += 1;
  const stamp = `${Date.now() % 1_000_000}${sequence}`.slice(-7).padStart(7, '0');
  return { email: `shopper${stamp}@example.in`, mobile: `987${stamp}` };
}

export const TEST_PASSWORD = 'silk-mitten-42';

/** The profile of a shopper made by the factory, and the one the signup tests send. */
export const testProfile = {
  firstName: 'Asha',
  lastName: 'Rao',
  houseName: 'Flat 4B, Lotus Residency',
  streetArea: 'MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pincode: '560001',
};

type UserColumns = typeof users.$inferInsert;

export type ShopperOverrides = Partial<
  Pick<UserColumns, 'email' | 'phone' | 'profilePic' | keyof typeof testProfile>
> & {
  password?: string;
  /** Whether the phone was verified by OTP: yes for a phone-only shopper, else no unless asked. */
  phoneVerified?: boolean;
};

export interface CreatedShopper {
  user: User;
  token: string;
  /** The Bearer header of the shopper's session. */
  headers: { authorization: string };
  contact: { email: string; mobile: string };
  password: string;
}

/**
 * A shopper with a verified e-mail and an unverified phone, as an e-mail signup leaves (or, with `email: null`,
 * a verified phone only), and a live session, written
 * straight to the database: what a signup leaves behind, without the OTP round trips. The tests of signup, login and OTP go through the routes.
 */
export async function createShopper(
  app: { db: Database },
  overrides: ShopperOverrides = {},
): Promise<CreatedShopper> {
  const { password = TEST_PASSWORD, phoneVerified = overrides.email === null, ...columns } = overrides;
  const contact = uniqueContact();
  const [row] = await app.db
    .insert(users)
    .values({
      email: contact.email,
      phone: contact.mobile,
      passwordHash: await hashPassword(password),
      ...testProfile,
      ...columns,
      emailVerifiedAt: columns.email === null ? null : new Date(),
      phoneVerifiedAt: phoneVerified ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error('the shopper was not written');
  const token = await createSessionToken(app, row.id);
  return {
    user: toUser(row),
    token,
    headers: { authorization: `Bearer ${token}` },
    contact: { email: row.email ?? '', mobile: row.phone ?? '' },
    password,
  };
}

/** Another live session for an existing shopper, as a login from a second device gives. */
export async function createSessionToken(app: { db: Database }, userId: string): Promise<string> {
  const { token } = await createSession(app.db, userId, {
    ipAddress: '127.0.0.1',
    userAgent: 'test shopper factory',
  });
  return token;
}
