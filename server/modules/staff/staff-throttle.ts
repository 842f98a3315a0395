import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attemptCounters } from '../../db/schema';
import { countAttempt, deleteStaleCounters } from '../challenge/attempt-counter';

// docs/architecture.md#staff: past these failed console sign-ins (password or code) in 15 minutes on the
// account, or from the IP, a sign-in also needs the bot challenge. Nobody is locked out: failures from many
// IPs must not keep the owner out of the console.
export const STAFF_THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const STAFF_CHALLENGE_AFTER_FAILURES = { account: 5, ip: 20 } as const;
const KEY_PREFIX = 'staff-login:';

export function staffThrottleKeys(email: string, ipAddress: string) {
  const accountKey = `${KEY_PREFIX}account:${email}`;
  return { accountKey, keys: [accountKey, `${KEY_PREFIX}ip:${ipAddress}`] };
}

function limitFor(key: string): number {
  return key.startsWith(`${KEY_PREFIX}ip:`)
    ? STAFF_CHALLENGE_AFTER_FAILURES.ip
    : STAFF_CHALLENGE_AFTER_FAILURES.account;
}

export async function staffFailuresNeedChallenge(db: Database, keys: string[]): Promise<boolean> {
  const rows = await db.select().from(attemptCounters).where(inArray(attemptCounters.key, keys));
  const windowStart = Date.now() - STAFF_THROTTLE_WINDOW_MS;
  return rows.some((row) => row.windowStartedAt.getTime() > windowStart && row.count >= limitFor(row.key));
}

/** Counts a failure against each key. Returns the highest count, which sets the growing delay. */
export async function recordStaffFailure(db: Database, keys: string[]): Promise<number> {
  let highest = 0;
  for (const key of keys) highest = Math.max(highest, await countAttempt(db, key, STAFF_THROTTLE_WINDOW_MS));
  return highest;
}

export async function clearStaffFailures(db: Database, accountKey: string) {
  await db.delete(attemptCounters).where(eq(attemptCounters.key, accountKey));
}

export function sweepStaffLoginCounters(db: Database): Promise<number> {
  return deleteStaleCounters(db, KEY_PREFIX, STAFF_THROTTLE_WINDOW_MS);
}
