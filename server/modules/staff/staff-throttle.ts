import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attemptCounters } from '../../db/schema';
import { countAttempt, deleteStaleCounters } from '../challenge/attempt-counter';

// docs/architecture.md#staff: failed console sign-ins (password or code) in 15 minutes before the account, or
// the IP, is refused until the window passes.
export const STAFF_THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const STAFF_FAILURE_LIMITS = { account: 10, ip: 30 } as const;
const KEY_PREFIX = 'staff-login:';

export function staffThrottleKeys(email: string, ipAddress: string) {
  const accountKey = `${KEY_PREFIX}account:${email}`;
  return { accountKey, keys: [accountKey, `${KEY_PREFIX}ip:${ipAddress}`] };
}

function limitFor(key: string): number {
  return key.startsWith(`${KEY_PREFIX}ip:`) ? STAFF_FAILURE_LIMITS.ip : STAFF_FAILURE_LIMITS.account;
}

export async function staffSignInBlocked(db: Database, keys: string[]): Promise<boolean> {
  const rows = await db.select().from(attemptCounters).where(inArray(attemptCounters.key, keys));
  const windowStart = Date.now() - STAFF_THROTTLE_WINDOW_MS;
  return rows.some((row) => row.windowStartedAt.getTime() > windowStart && row.count >= limitFor(row.key));
}

export async function recordStaffFailure(db: Database, keys: string[]) {
  for (const key of keys) await countAttempt(db, key, STAFF_THROTTLE_WINDOW_MS);
}

export async function clearStaffFailures(db: Database, accountKey: string) {
  await db.delete(attemptCounters).where(eq(attemptCounters.key, accountKey));
}

export function sweepStaffLoginCounters(db: Database): Promise<number> {
  return deleteStaleCounters(db, KEY_PREFIX, STAFF_THROTTLE_WINDOW_MS);
}
