import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { type AdminActionReply, useOrderAction } from './use-order-action';

export interface RefundInput {
  orderId: string;
  amountPaise: number;
  reason: string;
  /** One per dialog opening, so that a repeated press refunds once (docs/product.md#http-api). */
  idempotencyKey: string;
}

export function refundOrder({ orderId, amountPaise, reason, idempotencyKey }: RefundInput) {
  return adminApi.post<AdminActionReply>(
    adminApiPaths.orderAction(orderId, 'refunds'),
    { amountPaise, reason },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

export function useRefundOrder() {
  return useOrderAction(refundOrder);
}
