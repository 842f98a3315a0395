import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { type StaffProfile, staffConsoleMessages } from '../../../contracts/staff';
import type { Database } from '../../db/client';
import { staff, staffSessions } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit-log';
import { delayAfterFailure } from '../auth/login-throttle';
import { decoyPasswordHash, verifyPassword } from '../auth/passwords';
import { hashToken } from '../auth/tokens';
import { consumeRecoveryCode } from './recovery-codes';
import { completeSecondFactor, createStaffSession, type StaffSessionOrigin } from './staff-sessions';
import { staffFailures } from './staff-throttle';
import { matchingTotpStep } from './totp';

/** docs/architecture.md#staff: the code step must follow the password within 5 minutes. */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;

export interface SignInOptions {
  /** Scales the growing delay after failures (0 in tests), as the shoppers' login does. */
  delayScale?: number;
}

async function failed(db: Database, keys: string[], options: SignInOptions): Promise<never> {
  const failures = await staffFailures.recordFailure(db, keys);
  await delayAfterFailure(failures, options.delayScale);
  throw new AppError('unauthorized', staffConsoleMessages.signInFailed);
}

/**
 * docs/architecture.md#staff: whether this sign-in step also needs the bot challenge (the route's gate asks
 * before any check): the password step by the e-mail typed, the code step by its pending session's member.
 */
export async function staffSignInNeedsChallenge(
  db: Database,
  step: { email: string } | { token: string | undefined },
  ipAddress: string,
): Promise<boolean> {
  let email: string;
  if ('email' in step) email = step.email.trim().toLowerCase();
  else email = (step.token ? await pendingSignIn(db, step.token) : undefined)?.member.email ?? '';
  return staffFailures.needsChallenge(db, staffFailures.keysOf(email, ipAddress).keys);
}

/**
 * Step one: e-mail and password. Every failure (unknown e-mail, wrong password, disabled, not set up)
 * answers the same and costs the same password check; success opens a session that allows only the code step.
 */
export async function startStaffSignIn(
  db: Database,
  input: { email: string; password: string },
  origin: StaffSessionOrigin,
  options: SignInOptions = {},
) {
  const email = input.email.trim().toLowerCase();
  const { keys } = staffFailures.keysOf(email, origin.ipAddress);
  const [member] = await db.select().from(staff).where(eq(staff.email, email)).limit(1);
  const matches = await verifyPassword(member?.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!member?.passwordHash || !matches || member.disabledAt || !member.totpConfirmedAt) {
    return failed(db, keys, options);
  }
  return createStaffSession(db, member.id, origin, { secondFactorDone: false });
}

/** The pending session a token names: before its second factor, within 5 minutes, of an enabled member. */
async function pendingSignIn(db: Database, token: string) {
  const [row] = await db
    .select({ sessionId: staffSessions.id, member: staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        isNull(staffSessions.revokedAt),
        isNull(staffSessions.secondFactorAt),
        gt(staffSessions.createdAt, new Date(Date.now() - PENDING_SIGN_IN_MS)),
        isNull(staff.disabledAt),
        isNotNull(staff.totpSecret),
      ),
    )
    .limit(1);
  return row;
}

/** Accepts a TOTP step only if it is newer than the last one accepted: a code works once, an older one never. */
async function acceptTotpStep(db: Database, staffId: string, step: number): Promise<boolean> {
  const accepted = await db
    .update(staff)
    .set({ lastTotpStep: step })
    .where(and(eq(staff.id, staffId), or(isNull(staff.lastTotpStep), lt(staff.lastTotpStep, step))))
    .returning({ id: staff.id });
  return accepted.length > 0;
}

/** Step two: a TOTP code or a recovery code completes the pending session. */
export async function completeStaffSignIn(
  db: Database,
  token: string | undefined,
  proof: { code: string } | { recoveryCode: string },
  origin: StaffSessionOrigin,
  options: SignInOptions = {},
): Promise<StaffProfile> {
  const pending = token ? await pendingSignIn(db, token) : undefined;
  if (!pending) throw new AppError('unauthorized', staffConsoleMessages.codeStepExpired);
  const { member, sessionId } = pending;
  const { accountKey, keys } = staffFailures.keysOf(member.email, origin.ipAddress);

  let proven: boolean;
  let how: 'totp' | 'recovery_code';
  if ('code' in proof) {
    how = 'totp';
    const step = member.totpSecret ? matchingTotpStep(member.totpSecret, proof.code.trim()) : null;
    proven = step !== null && (await acceptTotpStep(db, member.id, step));
  } else {
    how = 'recovery_code';
    proven = await consumeRecoveryCode(db, member.id, proof.recoveryCode);
  }
  if (!proven) return failed(db, keys, options);
  await staffFailures.clearFailures(db, accountKey);
  await db.transaction(async (tx) => {
    await completeSecondFactor(tx, sessionId);
    await recordAudit(tx, {
      staffId: member.id,
      action: 'staff.sign_in',
      entityType: 'staff_session',
      entityId: sessionId,
      after: { with: how },
      ipAddress: origin.ipAddress,
    });
  });
  return { id: member.id, email: member.email, name: member.name, role: member.role };
}
