import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attemptCounters } from '../../db/schema';
import { countAttempt, deleteStaleCounters } from './attempt-counter';

export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export interface FailureLimits {
  account: number;
  ip: number;
}

/**
 * Failed sign-ins counted per account and per IP under one key prefix, in 15-minute windows. Past a limit
 * the sign-in also needs the bot challenge; nobody is locked out (docs/architecture.md#bot-challenge).
 */
export function failureCounter(prefix: string, limits: FailureLimits) {
  const limitFor = (key: string) => (key.startsWith(`${prefix}ip:`) ? limits.ip : limits.account);

  return {
    limits,

    keysOf(account: string, ipAddress: string) {
      const accountKey = `${prefix}account:${account}`;
      return { accountKey, keys: [accountKey, `${prefix}ip:${ipAddress}`] };
    },

    /** Whether any of the keys reached its limit within the window. */
    async needsChallenge(db: Database, keys: string[]): Promise<boolean> {
      const rows = await db.select().from(attemptCounters).where(inArray(attemptCounters.key, keys));
      const windowStart = Date.now() - FAILURE_WINDOW_MS;
      return rows.some(
        (row) => row.windowStartedAt.getTime() > windowStart && row.count >= limitFor(row.key),
      );
    },

    /** Counts a failure against each key. Returns the highest count, which sets the growing delay. */
    async recordFailure(db: Database, keys: string[]): Promise<number> {
      let highest = 0;
      for (const key of keys) highest = Math.max(highest, await countAttempt(db, key, FAILURE_WINDOW_MS));
      return highest;
    },

    async clearFailures(db: Database, accountKey: string) {
      await db.delete(attemptCounters).where(eq(attemptCounters.key, accountKey));
    },

    /** The sweep forgets counts whose window has passed. */
    sweep(db: Database): Promise<number> {
      return deleteStaleCounters(db, prefix, FAILURE_WINDOW_MS);
    },
  };
}
