import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';

export function removePushSubscription(endpoint: string) {
  return adminApi.delete<{ message: string }>(adminApiPaths.pushSubscriptions, { endpoint });
}
