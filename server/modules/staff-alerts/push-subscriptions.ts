import { and, count, eq } from 'drizzle-orm';
import type { PushSubscriptionBody } from '../../../contracts/staff-alerts';
import type { Database } from '../../db/client';
import { staffPushSubscriptions } from '../../db/schema';

/**
 * "Notify me on this device": the browser's subscription, one row per device (its endpoint). A device that a
 * second member of staff turns on becomes theirs.
 */
export async function savePushSubscription(
  db: Database,
  staffId: string,
  subscription: PushSubscriptionBody,
  userAgent: string | undefined,
) {
  const row = {
    staffId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent: userAgent?.slice(0, 500) ?? null,
  };
  await db
    .insert(staffPushSubscriptions)
    .values(row)
    .onConflictDoUpdate({ target: staffPushSubscriptions.endpoint, set: row });
}

/** "Stop on this device": only one's own device; stopping one that is not there changes nothing. */
export async function removePushSubscription(db: Database, staffId: string, endpoint: string) {
  await db
    .delete(staffPushSubscriptions)
    .where(and(eq(staffPushSubscriptions.staffId, staffId), eq(staffPushSubscriptions.endpoint, endpoint)));
}

/** The push service answered 404 or 410: the browser dropped the subscription, so we do too. */
export async function deleteGoneSubscription(db: Database, subscriptionId: string) {
  await db.delete(staffPushSubscriptions).where(eq(staffPushSubscriptions.id, subscriptionId));
}

export async function pushDevicesByStaff(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({ staffId: staffPushSubscriptions.staffId, devices: count() })
    .from(staffPushSubscriptions)
    .groupBy(staffPushSubscriptions.staffId);
  return new Map(rows.map((row) => [row.staffId, row.devices]));
}
