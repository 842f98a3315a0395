import type { OtpPurpose } from '../../../../contracts/account';
import { apiClient } from '../../../lib/api-client';
import { authApiPaths } from './auth-paths';

/** docs/product.md#http-api: the code goes to `email` or to `mobile`. */
export type OtpTargetInput = { email: string } | { mobile: string };

export interface OtpSentReply {
  status: 'success';
  message: string;
}

/** docs/product.md#otp: a login or reset code goes only to an address with an account (the reply is the same). */
export function sendOtp(target: OtpTargetInput, purpose: OtpPurpose = 'signup'): Promise<OtpSentReply> {
  return apiClient.post<OtpSentReply>(
    authApiPaths.sendOtp,
    purpose === 'signup' ? target : { ...target, purpose },
  );
}
