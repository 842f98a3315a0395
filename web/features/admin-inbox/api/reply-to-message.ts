import type { AdminMessageActionReply } from '../../../../contracts/admin-inbox';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { useInboxAction } from './use-inbox-action';

export interface ReplyInput {
  messageId: string;
  body: string;
  /** One per reply written, so a repeated press sends it once (docs/product.md#contact-inbox). */
  idempotencyKey: string;
}

export function replyToMessage({ messageId, body, idempotencyKey }: ReplyInput) {
  return adminApi.post<AdminMessageActionReply>(
    adminApiPaths.messageReply(messageId),
    { body },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

export function useReplyToMessage() {
  return useInboxAction(replyToMessage);
}
