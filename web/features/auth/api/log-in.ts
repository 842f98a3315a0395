import { apiClient } from '../../../lib/api-client';
import { authApiPaths } from './auth-paths';
import type { AuthReply } from './auth-reply';

/** docs/product.md#http-api: {email, password} or {mobile, password}. */
export type LoginCredentials = { email: string; password: string } | { mobile: string; password: string };

export function logIn(credentials: LoginCredentials): Promise<AuthReply> {
  return apiClient.post<AuthReply>(authApiPaths.login, credentials);
}
