import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { type AdminActionReply, useOrderAction } from './use-order-action';

export function retryShipment(orderId: string) {
  return adminApi.post<AdminActionReply>(adminApiPaths.orderAction(orderId, 'shipment/retry'));
}

export function useRetryShipment() {
  return useOrderAction(retryShipment);
}
