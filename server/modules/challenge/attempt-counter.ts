import { and, like, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attemptCounters } from '../../db/schema';

/**
 * Counts one attempt against the key in a fixed window (a count older than the window starts again) and
 * returns the new count. One upsert, so parallel requests each get their own number.
 */
export async function countAttempt(db: Database, key: string, windowMs: number): Promise<number> {
  const windowStart = new Date(Date.now() - windowMs);
  const stale = sql`${attemptCounters.windowStartedAt} < ${windowStart}`;
  const [row] = await db
    .insert(attemptCounters)
    .values({ key, count: 1 })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        count: sql`case when ${stale} then 1 else ${attemptCounters.count} + 1 end`,
        windowStartedAt: sql`case when ${stale} then now() else ${attemptCounters.windowStartedAt} end`,
      },
    })
    .returning({ count: attemptCounters.count });
  return row?.count ?? 1;
}

/** Deletes the counters under a key prefix whose window has passed; the sweep calls it. */
export async function deleteStaleCounters(db: Database, prefix: string, windowMs: number): Promise<number> {
  const deleted = await db
    .delete(attemptCounters)
    .where(
      and(
        like(attemptCounters.key, `${prefix}%`),
        lt(attemptCounters.windowStartedAt, new Date(Date.now() - windowMs)),
      ),
    )
    .returning({ key: attemptCounters.key });
  return deleted.length;
}
