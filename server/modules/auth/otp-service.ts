import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { authMessages, type OtpTarget } from '../../../contracts/auth';
import type { Database } from '../../db/client';
import { type OtpScope, otpCodes, verificationTickets } from '../../db/schema';
import { AppError } from '../../errors';
import type { Notifier } from '../notifications/notifier';
import { assertResendIntervalPassed, type OtpSendOptions, shouldDeliverCode } from './otp-purpose';
import { assertSmsWithinLimits, type SmsGuard } from './sms-guard';
import { constantTimeEqual, hashToken, newOpaqueToken, newOtpCode } from './tokens';

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_SENDS_PER_WINDOW = 3;
export const OTP_SEND_WINDOW_MS = 15 * 60 * 1000;
export const TICKET_TTL_MS = 30 * 60 * 1000;

function hashCode(code: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}$${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

function codeMatches(code: string, stored: string): boolean {
  const [salt] = stored.split('$');
  return salt !== undefined && constantTimeEqual(hashCode(code, salt), stored);
}

/** The codes of one scope to one address (docs/architecture.md#security: scopes never meet). */
function codesOf(target: OtpTarget, scope: OtpScope) {
  return and(
    eq(otpCodes.channel, target.channel),
    eq(otpCodes.address, target.address),
    eq(otpCodes.scope, scope),
  );
}

async function assertSendAllowed(db: Database, target: OtpTarget, scope: OtpScope) {
  const since = new Date(Date.now() - OTP_SEND_WINDOW_MS);
  const [row] = await db
    .select({ sends: count() })
    .from(otpCodes)
    .where(and(codesOf(target, scope), gt(otpCodes.createdAt, since)));
  if ((row?.sends ?? 0) >= OTP_SENDS_PER_WINDOW)
    throw new AppError('rate_limited', authMessages.otpTooManySends);
}

function otpText(code: string) {
  return {
    subject: 'Your Ottoman Mittens verification code',
    email: `Your Ottoman Mittens verification code is ${code}.\n\nIt is valid for 10 minutes and can be used once. If you did not ask for it, you can ignore this e-mail.\n\nOttoman Mittens`,
    sms: `${code} is your Ottoman Mittens OTP. Valid for 10 minutes. Do not share it with anyone.`,
  };
}

/** Sends a new code; it replaces any earlier one of its scope for the address. */
export async function sendOtp(
  db: Database,
  notifier: Notifier,
  target: OtpTarget,
  ipAddress: string,
  smsGuard: SmsGuard,
  options: OtpSendOptions = {},
) {
  const scope = options.scope ?? 'account';
  await assertSendAllowed(db, target, scope);
  await assertResendIntervalPassed(db, target, options.resendIntervalMs ?? 0, scope);
  // Before knowing whether the address has an account, so a paused SMS reveals nothing either.
  await assertSmsWithinLimits(db, smsGuard, target);
  const delivered = await shouldDeliverCode(db, target, options.purpose);
  const code = newOtpCode();
  const now = new Date();
  await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(codesOf(target, scope), isNull(otpCodes.consumedAt)));
  await db.insert(otpCodes).values({
    channel: target.channel,
    address: target.address,
    scope,
    codeHash: hashCode(code),
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    ipAddress,
    delivered,
  });
  if (!delivered) return otpSentReply(target);
  const text = otpText(code);
  try {
    if (target.channel === 'email')
      await notifier.email({ to: target.address, subject: text.subject, text: text.email, code });
    else await notifier.sms({ to: target.address, text: text.sms, code });
  } catch {
    // docs/product.md#otp: a login or reset reply never depends on the address having an account; the
    // failure is in the notifications log and the shopper may resend.
    if (options.purpose === 'login' || options.purpose === 'reset') return otpSentReply(target);
    throw new AppError('unavailable', authMessages.otpSendFailed);
  }
  return otpSentReply(target);
}

function otpSentReply(target: OtpTarget) {
  return { message: target.channel === 'email' ? authMessages.otpSentEmail : authMessages.otpSentPhone };
}

/** Claims one attempt on the address's live code before comparing, so parallel guesses share the limit. */
async function claimAttempt(db: Database, target: OtpTarget, scope: OtpScope) {
  const [latest] = await db
    .select()
    .from(otpCodes)
    .where(codesOf(target, scope))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!latest || latest.consumedAt) throw new AppError('invalid', authMessages.otpFailed);
  if (latest.expiresAt.getTime() <= Date.now()) throw new AppError('invalid', authMessages.otpExpired);
  const [claimed] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(
      and(eq(otpCodes.id, latest.id), isNull(otpCodes.consumedAt), lt(otpCodes.attempts, OTP_MAX_ATTEMPTS)),
    )
    .returning({ id: otpCodes.id, codeHash: otpCodes.codeHash });
  if (!claimed) throw new AppError('invalid', authMessages.otpTooManyTries);
  return claimed;
}

/**
 * Checks the code against the address's live one of the scope and spends it; throws the documented refusal
 * otherwise. A code of another scope never matches.
 */
export async function spendOtp(
  db: Database,
  target: OtpTarget & { otp: string },
  scope: OtpScope = 'account',
) {
  const claimed = await claimAttempt(db, target, scope);
  if (!codeMatches(target.otp, claimed.codeHash)) throw new AppError('invalid', authMessages.otpWrong);
  const [spent] = await db
    .update(otpCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(otpCodes.id, claimed.id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  if (!spent) throw new AppError('invalid', authMessages.otpFailed);
}

/** A right code is spent at once and exchanged for a single-use signup ticket bound to the address. */
export async function verifyOtp(db: Database, target: OtpTarget & { otp: string }) {
  await spendOtp(db, target);
  const token = newOpaqueToken();
  await db.insert(verificationTickets).values({
    channel: target.channel,
    address: target.address,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + TICKET_TTL_MS),
  });
  return { message: authMessages.otpVerified, verificationToken: token };
}

/** Spends a ticket inside the caller's transaction; undefined when missing, spent or expired. */
export async function spendTicket(db: Database, token: string) {
  const [ticket] = await db
    .update(verificationTickets)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(verificationTickets.tokenHash, hashToken(token)),
        isNull(verificationTickets.consumedAt),
        gt(verificationTickets.expiresAt, new Date()),
      ),
    )
    .returning({ channel: verificationTickets.channel, address: verificationTickets.address });
  return ticket;
}

export async function findLiveTicket(db: Database, token: string) {
  const [ticket] = await db
    .select({ channel: verificationTickets.channel, address: verificationTickets.address })
    .from(verificationTickets)
    .where(
      and(
        eq(verificationTickets.tokenHash, hashToken(token)),
        isNull(verificationTickets.consumedAt),
        gt(verificationTickets.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return ticket;
}
