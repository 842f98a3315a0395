import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { ComplaintClocks } from '../../../contracts/admin-inbox';
import { acknowledgementState, resolutionState } from '../../../contracts/complaints';
import type { ContactMessageStatus } from '../../../contracts/contact';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema';

export interface ComplaintFacts {
  complaintNumber: string | null;
  acknowledgeBy: Date | null;
  resolveBy: string | null;
  status: ContactMessageStatus;
  statusChangedAt: Date | null;
  firstReplyAt: Date | null;
}

/** The first reply to the message, for its acknowledgement clock (written out: drizzle leaves it unqualified). */
export const firstReplyAt = sql<Date | null>`(select min(r.created_at) from contact_replies r where r.message_id = contact_messages.id)`;

/**
 * docs/product.md#complaints: a complaint's clocks as of `now`. The acknowledgement is the first reply (or the
 * closing, for one closed without a reply); the resolution is the closing. A reopened complaint runs again.
 */
export function complaintClocksOf(facts: ComplaintFacts, now: Date): ComplaintClocks | null {
  const { complaintNumber, acknowledgeBy, resolveBy } = facts;
  if (!complaintNumber || !acknowledgeBy || !resolveBy) return null;
  const resolvedAt = facts.status === 'closed' ? facts.statusChangedAt : null;
  const acknowledgedAt = facts.firstReplyAt ?? resolvedAt;
  return {
    number: complaintNumber,
    acknowledgeBy: acknowledgeBy.toISOString(),
    acknowledgedAt: acknowledgedAt?.toISOString() ?? null,
    acknowledgement: acknowledgementState(acknowledgeBy, acknowledgedAt, now),
    resolveBy,
    resolvedAt: resolvedAt?.toISOString() ?? null,
    resolution: resolutionState(resolveBy, resolvedAt, now),
  };
}

/** Open complaints past either deadline as of `now`: the same rule as complaintClocksOf, in SQL. */
export async function countOverdueComplaints(db: Database, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(contactMessages)
    .where(
      and(
        eq(contactMessages.topic, 'complaint'),
        ne(contactMessages.status, 'closed'),
        or(
          sql`${contactMessages.acknowledgeBy} < ${at} and ${firstReplyAt} is null`,
          sql`${contactMessages.resolveBy} < (${at} at time zone 'Asia/Kolkata')::date`,
        ),
      ),
    );
  return Number(row?.value ?? 0);
}
