import { queryOptions } from '@tanstack/react-query';
import type { SignedInDevice } from '../../../../contracts/account';
import { apiClient } from '../../../lib/api-client';
import { accountApiPaths } from './account-paths';

export async function getSessions(signal?: AbortSignal): Promise<SignedInDevice[]> {
  const reply = await apiClient.get<{ sessions: SignedInDevice[] }>(accountApiPaths.sessions, { signal });
  return reply.sessions;
}

export const sessionsQueryOptions = queryOptions({
  queryKey: ['account', 'sessions'],
  queryFn: ({ signal }) => getSessions(signal),
});
