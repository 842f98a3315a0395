import { apiClient } from '../../../lib/api-client';
import { accountApiPaths } from './account-paths';

export interface MessageReply {
  status: 'success';
  message: string;
}

/** Signs one device out. */
export function revokeSession(id: string): Promise<MessageReply> {
  return apiClient.delete<MessageReply>(accountApiPaths.session(id));
}
