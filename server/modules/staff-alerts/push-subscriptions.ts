import { and, count, eq, sql } from 'drizzle-orm';
import { type PushSubscriptionBody, staffAlertMessages } from '../../../contracts/staff-alerts';
import type { Database } from '../../db/client';
import { staffPushSubscriptions } from '../../db/schema';
import { AppError } from '../../errors';
import { checkPushEndpoint, type ResolveAll } from './push-endpoints';

/**
 * "Notify me on this device": the browser's subscription, one row per device (its endpoint), bound to the
 * member who turned it on. Only a push service's endpoint is taken (docs/architecture.md#push-endpoints). The
 * same member again refreshes its keys; another member's is refused, never taken over: whoever learns a
 * colleague's endpoint must not be able to move that colleague's alerts to themselves.
 */
export async function savePushSubscription(
  db: Database,
  staffId: string,
  subscription: PushSubscriptionBody,
  userAgent: string | undefined,
  resolve?: ResolveAll,
) {
  await checkPushEndpoint(subscription.endpoint, resolve);
  const keys = {
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent: userAgent?.slice(0, 500) ?? null,
  };
  const [saved] = await db
    .insert(staffPushSubscriptions)
    .values({ staffId, endpoint: subscription.endpoint, ...keys })
    .onConflictDoUpdate({
      target: staffPushSubscriptions.endpoint,
      set: keys,
      setWhere: sql`${staffPushSubscriptions.staffId} = excluded.staff_id`,
    })
    .returning({ id: staffPushSubscriptions.id });
  if (!saved) throw new AppError('conflict', staffAlertMessages.deviceOfAnother);
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
