import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../../contracts/public-config';
import { apiClient } from '../../../lib/api-client';
import { authApiPaths } from './auth-paths';

export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return apiClient.get<PublicConfig>(authApiPaths.config, { signal });
}

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => getPublicConfig(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
