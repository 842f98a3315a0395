import { apiClient } from '../../../lib/api-client';
import { authApiPaths } from './auth-paths';

/** Revokes this session on the server and clears its cookie. */
export function logOut(): Promise<unknown> {
  return apiClient.post<unknown>(authApiPaths.logout, undefined);
}
