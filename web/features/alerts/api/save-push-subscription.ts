import type { PushSubscriptionBody } from '../../../../contracts/staff-alerts';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';

export function savePushSubscription(subscription: PushSubscriptionBody) {
  return adminApi.post<{ message: string }>(adminApiPaths.pushSubscriptions, subscription);
}
