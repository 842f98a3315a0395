import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryPromise } from '../../../../contracts/delivery';
import { apiClient } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function deliveryPromiseQueryOptions(pincode: string) {
  return queryOptions({
    queryKey: ['delivery-promise', pincode],
    queryFn: ({ signal }) => apiClient.get<DeliveryPromise>(apiPaths.deliveryPromise(pincode), { signal }),
    // The server caches Shiprocket's answer for hours; the date only moves at midnight.
    staleTime: 30 * 60_000,
    retry: 1,
  });
}

/** docs/product.md#delivery-promise: the promise for a pincode, or nothing while there is no pincode. */
export function useDeliveryPromise(pincode: string | undefined) {
  return useQuery({ ...deliveryPromiseQueryOptions(pincode ?? ''), enabled: pincode !== undefined });
}
