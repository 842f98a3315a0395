import type { SignupBody } from '../../../../contracts/auth';
import { apiClient } from '../../../lib/api-client';
import { authApiPaths } from './auth-paths';
import type { AuthReply } from './auth-reply';

export function signUp(body: SignupBody): Promise<AuthReply> {
  return apiClient.post<AuthReply>(authApiPaths.signup, body);
}
