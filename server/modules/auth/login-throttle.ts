import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attemptCounters } from '../../db/schema';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_AFTER = { account: 10, ip: 50 } as const;
const DELAY_FROM_FAILURE = 3;
const MAX_DELAY_MS = 4_000;

export type ThrottleKey = `account:${string}` | `ip:${string}`;

function limitFor(key: ThrottleKey): number {
  return key.startsWith('ip:') ? LOCK_AFTER.ip : LOCK_AFTER.account;
}

/** Whether any of the keys reached its limit within the window. */
export async function isLocked(db: Database, keys: ThrottleKey[]): Promise<boolean> {
  const rows = await db.select().from(attemptCounters).where(inArray(attemptCounters.key, keys));
  const windowStart = Date.now() - THROTTLE_WINDOW_MS;
  return rows.some(
    (row) => row.windowStartedAt.getTime() > windowStart && row.count >= limitFor(row.key as ThrottleKey),
  );
}

/**
 * Counts a failure against each key (a count older than the window starts again). Returns the highest
 * count, which sets the growing delay.
 */
export async function recordFailure(db: Database, keys: ThrottleKey[]): Promise<number> {
  let highest = 0;
  for (const key of keys) {
    const windowStart = new Date(Date.now() - THROTTLE_WINDOW_MS);
    const [row] = await db
      .insert(attemptCounters)
      .values({ key, count: 1 })
      .onConflictDoUpdate({
        target: attemptCounters.key,
        set: {
          count: sql`case when ${attemptCounters.windowStartedAt} < ${windowStart} then 1 else ${attemptCounters.count} + 1 end`,
          windowStartedAt: sql`case when ${attemptCounters.windowStartedAt} < ${windowStart} then now() else ${attemptCounters.windowStartedAt} end`,
        },
      })
      .returning({ count: attemptCounters.count });
    highest = Math.max(highest, row?.count ?? 1);
  }
  return highest;
}

export async function clearFailures(db: Database, key: ThrottleKey) {
  await db.delete(attemptCounters).where(eq(attemptCounters.key, key));
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
