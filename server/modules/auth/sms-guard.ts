import { and, count, eq, gt, sql } from 'drizzle-orm';
import { authMessages, type OtpTarget } from '../../../contracts/auth';
import type { Database } from '../../db/client';
import { otpCodes } from '../../db/schema';
import { AppError } from '../../errors';
import { raiseSecurityAlert, type SecurityAlertInput } from '../security-alerts/security-alerts';

/** Numbers sharing their first 6 digits share a limit: pumping rings rent consecutive ranges. */
export const SMS_PREFIX_LENGTH = 6;
const WINDOW_MS = 60 * 60 * 1000;

export interface SmsLimits {
  /** OTP SMS the shop sends in an hour, to anyone. */
  hourlyBudget: number;
  /** OTP SMS in an hour to numbers sharing one prefix. */
  prefixHourlyLimit: number;
}

export interface SmsGuard {
  limits: SmsLimits;
  log: { warn(object: object, message: string): void };
}

/**
 * Codes texted in the last hour, in all and to the number's prefix. Only delivered ones: the limits cap what
 * the SMS gateway bills us, and a code recorded but never texted costs nothing.
 */
async function recentSmsCounts(db: Database, prefix: string) {
  const [row] = await db
    .select({
      total: count(),
      toPrefix: sql<number>`count(*) filter (where ${otpCodes.address} like ${`${prefix}%`})`.mapWith(Number),
    })
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.channel, 'sms'),
        eq(otpCodes.delivered, true),
        gt(otpCodes.createdAt, new Date(Date.now() - WINDOW_MS)),
      ),
    );
  return { total: row?.total ?? 0, toPrefix: row?.toPrefix ?? 0 };
}

function exceededLimit(limits: SmsLimits, prefix: string, sent: { total: number; toPrefix: number }) {
  if (sent.total >= limits.hourlyBudget) {
    return {
      kind: 'sms_budget_exhausted',
      subject: '',
      detail: `${sent.total} OTP SMS in the last hour reached the hourly budget of ${limits.hourlyBudget}.`,
    } satisfies SecurityAlertInput;
  }
  if (sent.toPrefix >= limits.prefixHourlyLimit) {
    return {
      kind: 'sms_prefix_velocity',
      subject: prefix,
      detail: `${sent.toPrefix} OTP SMS in the last hour to numbers starting ${prefix} reached the limit of ${limits.prefixHourlyLimit}.`,
    } satisfies SecurityAlertInput;
  }
  return undefined;
}

/**
 * docs/architecture.md#accounts: SMS pumping. An OTP SMS past the shop's hourly budget, or past the limit for
 * its number prefix, is refused before anything is recorded or sent, and the owner gets an alert.
 * Concurrent sends may pass the limit by the few in flight; the per-IP rate limit bounds those.
 */
export async function assertSmsWithinLimits(db: Database, guard: SmsGuard, target: OtpTarget) {
  if (target.channel !== 'sms') return;
  const prefix = target.address.slice(0, SMS_PREFIX_LENGTH);
  const exceeded = exceededLimit(guard.limits, prefix, await recentSmsCounts(db, prefix));
  if (!exceeded) return;
  const alert = await raiseSecurityAlert(db, exceeded);
  guard.log.warn(
    { alert: { kind: alert.kind, subject: alert.subject, occurrences: alert.occurrences } },
    `OTP SMS refused: ${exceeded.detail}`,
  );
  throw new AppError('rate_limited', authMessages.otpSmsPaused);
}
