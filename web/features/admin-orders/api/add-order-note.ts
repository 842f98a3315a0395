import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { type AdminActionReply, useOrderAction } from './use-order-action';

export function addOrderNote({ orderId, body }: { orderId: string; body: string }) {
  return adminApi.post<AdminActionReply>(adminApiPaths.orderAction(orderId, 'notes'), { body });
}

export function useAddOrderNote() {
  return useOrderAction(addOrderNote);
}
