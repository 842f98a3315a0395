import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { type AdminActionReply, useOrderAction } from './use-order-action';

/** docs/product.md#cash-on-delivery: staff confirm a COD order after calling its shopper (audited). */
export function confirmCod(orderId: string) {
  return adminApi.post<AdminActionReply>(adminApiPaths.orderAction(orderId, 'cod-confirm'));
}

export function useConfirmCod() {
  return useOrderAction(confirmCod);
}
