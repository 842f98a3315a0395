import { apiClient } from '../../../lib/api-client';
import { authApiPaths } from './auth-paths';
import type { OtpTargetInput } from './send-otp';

export interface OtpVerifiedReply {
  status: 'success';
  message: string;
  /** The single-use ticket signup requires. */
  verificationToken: string;
}

export function verifyOtp(target: OtpTargetInput, otp: string): Promise<OtpVerifiedReply> {
  return apiClient.post<OtpVerifiedReply>(authApiPaths.verifyOtp, { ...target, otp });
}
