import { apiClient } from '../../../lib/api-client';
import { authApiPaths } from './auth-paths';
import type { AuthReply } from './auth-reply';
import type { OtpTargetInput } from './send-otp';

/** docs/product.md#password-reset: the new password; every other device is signed out, this one in. */
export function resetPassword(target: OtpTargetInput, otp: string, password: string): Promise<AuthReply> {
  return apiClient.post<AuthReply>(authApiPaths.resetPassword, { ...target, otp, password });
}
