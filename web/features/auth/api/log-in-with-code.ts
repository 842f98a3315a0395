import { apiClient } from '../../../lib/api-client';
import { authApiPaths } from './auth-paths';
import type { AuthReply } from './auth-reply';
import type { OtpTargetInput } from './send-otp';

/** docs/product.md#code-login: {email or mobile, otp} signs in as a password login does. */
export function logInWithCode(target: OtpTargetInput, otp: string): Promise<AuthReply> {
  return apiClient.post<AuthReply>(authApiPaths.loginWithCode, { ...target, otp });
}
