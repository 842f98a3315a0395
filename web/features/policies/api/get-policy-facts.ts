import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPublicConfig } from '../../../lib/get-public-config';
import type { PolicyFacts } from '../policy-content';

/**
 * The settings the policies state (docs/product.md#reply-and-dispatch-times), from GET /config; the server's
 * rendered policy pages carry them already (docs/architecture.md#pages-as-html).
 */
export const policyFactsQueryOptions = queryOptions({
  queryKey: ['policy-facts'],
  queryFn: async ({ signal }): Promise<PolicyFacts> => {
    const config = await getPublicConfig(signal);
    return { dispatchDays: config.dispatchDays, returnWindowDays: config.returnWindowDays };
  },
  staleTime: 60_000,
});

export function usePolicyFacts() {
  return useQuery(policyFactsQueryOptions);
}
