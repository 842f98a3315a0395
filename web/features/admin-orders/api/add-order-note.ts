import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { type AdminActionReply, useOrderAction } from './use-order-action';

export interface NoteInput {
  orderId: string;
  body: string;
  /** One per dialog opening, so that a repeated press adds the note once (docs/product.md#http-api). */
  idempotencyKey: string;
}

export function addOrderNote({ orderId, body, idempotencyKey }: NoteInput) {
  return adminApi.post<AdminActionReply>(
    adminApiPaths.orderAction(orderId, 'notes'),
    { body },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

export function useAddOrderNote() {
  return useOrderAction(addOrderNote);
}
