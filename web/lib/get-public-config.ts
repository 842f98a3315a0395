import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../contracts/public-config';
import { apiClient } from './api-client';
import { apiPaths } from './paths';

/** GET /config: what the browser needs to reach Google sign-in and Razorpay Checkout. */
export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return apiClient.get<PublicConfig>(apiPaths.config, { signal });
}

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => getPublicConfig(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
