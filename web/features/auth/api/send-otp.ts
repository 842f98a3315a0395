import { apiClient } from '../../../lib/api-client';
import { authApiPaths } from './auth-paths';

/** docs/product.md#http-api: the code goes to `email` or to `mobile`. */
export type OtpTargetInput = { email: string } | { mobile: string };

export interface OtpSentReply {
  status: 'success';
  message: string;
}

export function sendOtp(target: OtpTargetInput): Promise<OtpSentReply> {
  return apiClient.post<OtpSentReply>(authApiPaths.sendOtp, target);
}
