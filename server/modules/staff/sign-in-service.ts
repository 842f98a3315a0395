import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { type StaffProfile, staffConsoleMessages } from '../../../contracts/staff';
import type { Database } from '../../db/client';
import { staff, staffSessions } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit-log';
import { delayAfterFailure } from '../auth/login-throttle';
import { decoyPasswordHash, verifyPassword } from '../auth/passwords';
import { hashToken } from '../auth/tokens';
import { raiseSecurityAlert } from '../security-alerts/security-alerts';
import { consumeRecoveryCode } from './recovery-codes';
import type { SecretBox } from './secret-box';
import { completeSecondFactor, createStaffSession, type StaffSessionOrigin } from './staff-sessions';
import { staffFailures } from './staff-throttle';
import { matchingTotpStep } from './totp';

/** docs/architecture.md#staff: the code step must follow the password within 5 minutes. */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;
/** docs/architecture.md#staff: wrong codes one pending sign-in takes before the password must be given again. */
export const CODE_ATTEMPTS_PER_SIGN_IN = 5;

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

/**
 * Takes one of the pending sign-in's code attempts before its code is checked, in one statement, so codes sent
 * at once are each counted: none is checked past the fifth. Undefined when none is left.
 */
async function takeCodeAttempt(db: Database, sessionId: string): Promise<number | undefined> {
  const [taken] = await db
    .update(staffSessions)
    .set({ codeAttempts: sql`${staffSessions.codeAttempts} + 1` })
    .where(and(eq(staffSessions.id, sessionId), lt(staffSessions.codeAttempts, CODE_ATTEMPTS_PER_SIGN_IN)))
    .returning({ attempts: staffSessions.codeAttempts });
  return taken?.attempts;
}

/**
 * docs/architecture.md#staff: a wrong code after the right password means someone may know the password: an
 * audit row and an alert on the owner's dashboard, counted up while it goes on.
 */
async function recordWrongCode(
  db: Database,
  member: { id: string; email: string },
  sessionId: string,
  attempt: number,
  ipAddress: string,
) {
  await db.transaction(async (tx) => {
    await recordAudit(tx, {
      staffId: member.id,
      action: 'staff.sign_in_code_failed',
      entityType: 'staff_session',
      entityId: sessionId,
      after: { attempt },
      ipAddress,
    });
    await raiseSecurityAlert(tx, {
      kind: 'staff_code_failures',
      subject: member.email,
      detail: `The console password of ${member.email} was right but the code that followed was wrong (latest from ${ipAddress}). If it was not them, change their password.`,
    });
  });
}

/**
 * Step two: a TOTP code or a recovery code completes the pending session, under a new token (the one the
 * password step gave is worth nothing after). After the 5th wrong code the pending sign-in takes no more.
 */
export async function completeStaffSignIn(
  db: Database,
  token: string | undefined,
  proof: { code: string } | { recoveryCode: string },
  origin: StaffSessionOrigin,
  box: SecretBox,
  options: SignInOptions = {},
): Promise<{ staff: StaffProfile; token: string }> {
  const pending = token ? await pendingSignIn(db, token) : undefined;
  if (!pending) throw new AppError('unauthorized', staffConsoleMessages.codeStepExpired);
  const { member, sessionId } = pending;
  const { accountKey, keys } = staffFailures.keysOf(member.email, origin.ipAddress);
  const attempt = await takeCodeAttempt(db, sessionId);
  if (attempt === undefined) throw new AppError('unauthorized', staffConsoleMessages.tooManyCodes);

  let proven: boolean;
  let how: 'totp' | 'recovery_code';
  if ('code' in proof) {
    how = 'totp';
    const secret = member.totpSecret ? box.open(member.totpSecret) : undefined;
    const step = secret ? matchingTotpStep(secret, proof.code.trim()) : null;
    proven = step !== null && (await acceptTotpStep(db, member.id, step));
  } else {
    how = 'recovery_code';
    proven = await consumeRecoveryCode(db, member.id, proof.recoveryCode);
  }
  if (!proven) {
    await recordWrongCode(db, member, sessionId, attempt, origin.ipAddress);
    if (attempt >= CODE_ATTEMPTS_PER_SIGN_IN) {
      await staffFailures.recordFailure(db, keys);
      throw new AppError('unauthorized', staffConsoleMessages.tooManyCodes);
    }
    return failed(db, keys, options);
  }
  await staffFailures.clearFailures(db, accountKey);
  const fullToken = await db.transaction(async (tx) => {
    const next = await completeSecondFactor(tx, sessionId);
    await recordAudit(tx, {
      staffId: member.id,
      action: 'staff.sign_in',
      entityType: 'staff_session',
      entityId: sessionId,
      after: { with: how },
      ipAddress: origin.ipAddress,
    });
    return next;
  });
  return {
    staff: { id: member.id, email: member.email, name: member.name, role: member.role },
    token: fullToken,
  };
}
