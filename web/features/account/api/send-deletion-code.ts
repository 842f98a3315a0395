import { apiClient } from '../../../lib/api-client';
import { accountApiPaths } from './account-paths';
import type { MessageReply } from './revoke-session';

/** The code that confirms the deletion goes to the account's verified e-mail, else its phone. */
export function sendDeletionCode(): Promise<MessageReply> {
  return apiClient.post<MessageReply>(accountApiPaths.deletionCode, undefined);
}
