import { apiClient } from '../../../lib/api-client';
import { accountApiPaths } from './account-paths';
import type { MessageReply } from './revoke-session';

/** docs/product.md#your-data: deletes the account; its orders stay, detached. */
export function deleteAccount(otp: string): Promise<MessageReply> {
  return apiClient.post<MessageReply>(accountApiPaths.deleteAccount, { otp });
}
