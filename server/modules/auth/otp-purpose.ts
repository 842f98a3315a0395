import { and, desc, eq } from 'drizzle-orm';
import { accountMessages, type OtpPurpose } from '../../../contracts/account';
import type { OtpTarget } from '../../../contracts/auth';
import type { Database } from '../../db/client';
import { type OtpScope, otpCodes } from '../../db/schema';
import { AppError } from '../../errors';
import { findUserByContact } from './account-lookup';

export interface OtpSendOptions {
  purpose?: OtpPurpose;
  /** What the code proves: an address (the default) or a COD order's confirmation, each with its own limits. */
  scope?: OtpScope;
  /** docs/product.md#otp: the least time between two codes to one address. */
  resendIntervalMs?: number;
}

/** docs/product.md#otp: a new code of the scope to the same address only after the resend interval. */
export async function assertResendIntervalPassed(
  db: Database,
  target: OtpTarget,
  intervalMs: number,
  scope: OtpScope,
) {
  if (intervalMs <= 0) return;
  const [latest] = await db
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.channel, target.channel),
        eq(otpCodes.address, target.address),
        eq(otpCodes.scope, scope),
      ),
    )
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (latest && Date.now() - latest.createdAt.getTime() < intervalMs)
    throw new AppError('rate_limited', accountMessages.otpResendTooSoon);
}

/**
 * A login or reset code goes only to an address that names an account; for any other the code is recorded
 * but never sent, so the reply and the limits cannot tell who has an account (docs/product.md#otp).
 */
export async function shouldDeliverCode(db: Database, target: OtpTarget, purpose: OtpPurpose = 'signup') {
  if (purpose === 'signup') return true;
  return (await findUserByContact(db, target)) !== undefined;
}
