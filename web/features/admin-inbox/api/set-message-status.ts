import type { AdminMessageActionReply, AdminMessageStatusBody } from '../../../../contracts/admin-inbox';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { useInboxAction } from './use-inbox-action';

export interface StatusInput extends AdminMessageStatusBody {
  messageId: string;
}

export function setMessageStatus({ messageId, status }: StatusInput) {
  return adminApi.post<AdminMessageActionReply>(adminApiPaths.messageStatus(messageId), { status });
}

export function useSetMessageStatus() {
  return useInboxAction(setMessageStatus);
}
