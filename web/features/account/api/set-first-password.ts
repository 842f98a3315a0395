import type { User } from '../../../../contracts/auth';
import { apiClient } from '../../../lib/api-client';

export interface FirstPasswordReply {
  status: 'success';
  message: string;
  user: User;
}

/** docs/product.md#one-step-sign-in: the first password of an account without one, soon after signing in. */
export function setFirstPassword(password: string): Promise<FirstPasswordReply> {
  return apiClient.post<FirstPasswordReply>('/auth/password', { password });
}
