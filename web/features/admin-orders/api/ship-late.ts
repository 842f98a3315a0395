import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { type AdminActionReply, useOrderAction } from './use-order-action';

/** docs/product.md#stock: the owner ships an order paid when its stock had run out, once restocked. */
export function shipLate(orderId: string) {
  return adminApi.post<AdminActionReply>(adminApiPaths.orderAction(orderId, 'ship-late'));
}

export function useShipLate() {
  return useOrderAction(shipLate);
}
