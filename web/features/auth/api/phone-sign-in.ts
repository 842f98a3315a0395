import type { z } from 'zod';
import type { PhoneVerifyReplySchema } from '../../../../contracts/phone-sign-in';
import { apiClient } from '../../../lib/api-client';
import { authApiPaths } from './auth-paths';
import type { AuthReply } from './auth-reply';

export type PhoneVerifyReply = z.infer<typeof PhoneVerifyReplySchema>;

/** docs/product.md#one-step-sign-in: signed in, or the ticket that creates the account of a new number. */
export function verifyPhone(mobile: string, otp: string): Promise<PhoneVerifyReply> {
  return apiClient.post<PhoneVerifyReply>(authApiPaths.phoneVerify, { mobile, otp });
}

/** docs/product.md#one-step-sign-in: the verified number's account, with a first name (last name optional). */
export function signUpByPhone(
  verificationToken: string,
  firstName: string,
  lastName: string,
): Promise<AuthReply> {
  return apiClient.post<AuthReply>(authApiPaths.phoneSignup, {
    verificationToken,
    firstName,
    ...(lastName.trim() === '' ? {} : { lastName }),
  });
}
