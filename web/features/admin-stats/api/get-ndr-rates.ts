import { useQuery } from '@tanstack/react-query';
import type { NdrRates } from '../../../../contracts/ndr-rules';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';

export function getNdrRates(days: number): Promise<NdrRates> {
  return adminApi.get<NdrRates>(adminApiPaths.ndrRates(days));
}

/**
 * docs/product.md#failed-deliveries: NDR and RTO rates by courier and by pincode. Under the console's NDR keys
 * (['admin', 'ndr'], spelt out: features stay apart), so an action on the queue reads them again.
 */
export function useNdrRates(days: number) {
  return useQuery({ queryKey: ['admin', 'ndr', 'rates', days], queryFn: () => getNdrRates(days) });
}
