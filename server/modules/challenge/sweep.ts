import { lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { spentChallenges } from '../../db/schema';
import { deleteStaleCounters } from './attempt-counter';
import { CHALLENGE_COUNTER_PREFIX, CHALLENGE_WINDOW_MS } from './gate';

/** Forgets spent solutions whose challenge has expired (no longer usable anyway) and finished counts. */
export async function sweepBotChallengeRows(db: Database): Promise<number> {
  const spent = await db
    .delete(spentChallenges)
    .where(lt(spentChallenges.expiresAt, new Date()))
    .returning({ signature: spentChallenges.signature });
  return spent.length + (await deleteStaleCounters(db, CHALLENGE_COUNTER_PREFIX, CHALLENGE_WINDOW_MS));
}
