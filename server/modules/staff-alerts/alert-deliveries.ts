import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staffAlertDeliveries, type staffAlertKinds } from '../../db/schema';

export type StaffAlertKind = (typeof staffAlertKinds)[number];

/** One alert to one recipient: the key that makes it go out once. */
export interface Delivery {
  kind: StaffAlertKind;
  subject: string;
  recipient: string;
}

// Longer than any job's retries (about 11 hours) and a digest's day: after that nothing can ask again.
const KEPT_DAYS = 30;

function matches(delivery: Delivery) {
  return and(
    eq(staffAlertDeliveries.kind, delivery.kind),
    eq(staffAlertDeliveries.subject, delivery.subject),
    eq(staffAlertDeliveries.recipient, delivery.recipient),
  );
}

/**
 * docs/architecture.md#staff-alerts: sends an alert once. The claim is one insert on the primary key, so of two
 * jobs (a repeat, another process's worker) only one sends; a send that fails gives the claim back, so the job's
 * retry sends it then. False when it was claimed before.
 */
export async function deliverOnce(db: Database, delivery: Delivery, send: () => Promise<void>) {
  const claimed = await db
    .insert(staffAlertDeliveries)
    .values(delivery)
    .onConflictDoNothing()
    .returning({ kind: staffAlertDeliveries.kind });
  if (claimed.length === 0) return false;
  try {
    await send();
  } catch (error) {
    await db.delete(staffAlertDeliveries).where(matches(delivery));
    throw error;
  }
  return true;
}

/**
 * Runs every send, one after the other, and then throws the first failure: the job is retried, and the
 * alerts already sent are not sent again (`deliverOnce`).
 */
export async function deliverEach<T>(items: readonly T[], send: (item: T) => Promise<unknown>) {
  let failure: { error: unknown } | undefined;
  for (const item of items) {
    try {
      await send(item);
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
}

/** The sweep's part: the keys of alerts sent long ago. */
export async function forgetOldAlertDeliveries(db: Database): Promise<number> {
  const gone = await db
    .delete(staffAlertDeliveries)
    .where(lt(staffAlertDeliveries.createdAt, sql`now() - make_interval(days => ${KEPT_DAYS})`))
    .returning({ kind: staffAlertDeliveries.kind });
  return gone.length;
}
