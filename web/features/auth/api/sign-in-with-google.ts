import { apiClient } from '../../../lib/api-client';
import { authApiPaths } from './auth-paths';
import type { AuthReply } from './auth-reply';

/** docs/product.md#http-api: the Google ID token goes to the server as `credential`. */
export function signInWithGoogle(credential: string): Promise<AuthReply> {
  return apiClient.post<AuthReply>(authApiPaths.google, { credential });
}
