import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attemptCounters } from '../../db/schema';
import { countAttempt, deleteStaleCounters } from '../challenge/attempt-counter';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
// docs/product.md#login: past these failures in 15 minutes a login also needs the bot challenge; nobody is
// locked out, so failures from many IPs cannot keep the owner out of the account.
export const CHALLENGE_AFTER_FAILURES = { account: 5, ip: 20 } as const;
const DELAY_FROM_FAILURE = 3;
const MAX_DELAY_MS = 4_000;
const KEY_PREFIX = 'login:';

export type ThrottleKey = `login:account:${string}` | `login:ip:${string}`;

function limitFor(key: string): number {
  return key.startsWith(`${KEY_PREFIX}ip:`) ? CHALLENGE_AFTER_FAILURES.ip : CHALLENGE_AFTER_FAILURES.account;
}

export function throttleKeys(account: string, ipAddress: string) {
  const accountKey: ThrottleKey = `login:account:${account}`;
  return { accountKey, keys: [accountKey, `login:ip:${ipAddress}`] as ThrottleKey[] };
}

/** Whether any of the keys reached its failure limit within the window. */
export async function needsChallenge(db: Database, keys: ThrottleKey[]): Promise<boolean> {
  const rows = await db.select().from(attemptCounters).where(inArray(attemptCounters.key, keys));
  const windowStart = Date.now() - THROTTLE_WINDOW_MS;
  return rows.some((row) => row.windowStartedAt.getTime() > windowStart && row.count >= limitFor(row.key));
}

/** Counts a failure against each key. Returns the highest count, which sets the growing delay. */
export async function recordFailure(db: Database, keys: ThrottleKey[]): Promise<number> {
  let highest = 0;
  for (const key of keys) highest = Math.max(highest, await countAttempt(db, key, THROTTLE_WINDOW_MS));
  return highest;
}

export async function clearFailures(db: Database, key: ThrottleKey) {
  await db.delete(attemptCounters).where(eq(attemptCounters.key, key));
}

/** The sweep forgets failure counts whose window has passed. */
export function sweepLoginCounters(db: Database): Promise<number> {
  return deleteStaleCounters(db, KEY_PREFIX, THROTTLE_WINDOW_MS);
}

/** 0 for the first few failures, then doubling from 250 ms up to 4 s: slow for a guesser, mild for a typo. */
export function failureDelayMs(failures: number): number {
  if (failures < DELAY_FROM_FAILURE) return 0;
  return Math.min(250 * 2 ** (failures - DELAY_FROM_FAILURE), MAX_DELAY_MS);
}

export function delayAfterFailure(failures: number, scale = 1): Promise<void> {
  const ms = failureDelayMs(failures) * scale;
  return ms > 0 ? sleep(ms) : Promise.resolve();
}
