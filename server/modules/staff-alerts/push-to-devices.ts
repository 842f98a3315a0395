import type { PushPayload } from '../../../contracts/staff-alerts';
import type { Database } from '../../db/client';
import { deliverEach, deliverOnce, type StaffAlertKind } from './alert-deliveries';
import { livePushSubscriptions } from './alert-recipients';
import type { PushSender } from './push-sender';
import { deleteGoneSubscription } from './push-subscriptions';

/**
 * One notification to every device that asked for them, once per device (a retry skips the devices already
 * reached); a subscription the push service says is gone is deleted.
 */
export async function pushToDevices(
  db: Database,
  push: PushSender,
  alert: { kind: Extract<StaffAlertKind, 'order_push' | 'attention_push'>; subject: string },
  payload: PushPayload,
) {
  const subscriptions = await livePushSubscriptions(db);
  await deliverEach(subscriptions, (subscription) =>
    deliverOnce(db, { ...alert, recipient: subscription.id }, async () => {
      const { endpoint, p256dh, auth } = subscription;
      const target = { endpoint, keys: { p256dh, auth } };
      const outcome = await push(target, payload);
      if (outcome === 'gone') await deleteGoneSubscription(db, subscription.id);
    }),
  );
}
