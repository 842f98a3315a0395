import type { OrderEmailKind } from '../../../../contracts/orders';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { type AdminActionReply, useOrderAction } from './use-order-action';

export function resendOrderEmail({ orderId, kind }: { orderId: string; kind: OrderEmailKind }) {
  return adminApi.post<AdminActionReply>(adminApiPaths.resendOrderEmail(orderId, kind));
}

export function useResendOrderEmail() {
  return useOrderAction(resendOrderEmail);
}
