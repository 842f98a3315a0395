import { Secret, TOTP } from 'otpauth';
import type { StaffRole } from '../../contracts/staff';
import type { Database } from '../db/client';
import { staff } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { secretBox } from '../modules/staff/secret-box';
import { createStaffSession } from '../modules/staff/staff-sessions';

// Free of any test runner, so Vitest's tests and Playwright's fixtures both make staff with it.

let sequence = 0;

export const TEST_STAFF_PASSWORD = 'owner-of-silk-42';
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

export interface CreatedStaff {
  staffId: string;
  email: string;
  role: StaffRole;
  token: string;
  /** The Bearer header of a session past its second factor. */
  headers: { authorization: string };
}

/**
 * A member of staff who has set up their account, with a live console session, written straight to the
 * database: the set-up and sign-in tests go through the routes.
 */
export async function createStaffMember(
  app: { db: Database },
  options: { role?: StaffRole; name?: string; email?: string } = {},
): Promise<CreatedStaff> {
  sequence += 1;
  const role = options.role ?? 'owner';
  const email = options.email ?? `staff${Date.now() % 1_000_000}${sequence}@example.in`;
  const [member] = await app.db
    .insert(staff)
    .values({
      email,
      name: options.name ?? `Test ${role}`,
      role,
      passwordHash: await hashPassword(TEST_STAFF_PASSWORD),
      // Test apps run without STAFF_SECRETS_KEY, so the development key seals it as the shop would.
      totpSecret: secretBox(undefined).seal(TEST_TOTP_SECRET),
      totpConfirmedAt: new Date(),
    })
    .returning({ id: staff.id });
  if (!member) throw new Error('insert returned no staff');
  const { token } = await createStaffSession(
    app.db,
    member.id,
    { ipAddress: '127.0.0.1', userAgent: 'test' },
    { secondFactorDone: true },
  );
  return { staffId: member.id, email, role, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * The code an authenticator app shows `offsetSteps` 30-second steps from now: computed apart from the shop's
 * own TOTP code, so the tests check it against the standard.
 */
export function totpCodeAt(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}
