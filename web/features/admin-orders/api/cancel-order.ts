import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { type AdminActionReply, useOrderAction } from './use-order-action';

export function cancelOrder(orderId: string) {
  return adminApi.post<AdminActionReply>(adminApiPaths.orderAction(orderId, 'cancel'));
}

export function useCancelOrder() {
  return useOrderAction(cancelOrder);
}
