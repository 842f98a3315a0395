import { apiClient } from '../../../lib/api-client';
import { accountApiPaths } from './account-paths';
import type { MessageReply } from './revoke-session';

/** Ends every session of the account, this one included. */
export function signOutEverywhere(): Promise<MessageReply> {
  return apiClient.delete<MessageReply>(accountApiPaths.sessions);
}
