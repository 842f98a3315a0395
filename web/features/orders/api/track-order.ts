import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShipmentUpdates } from '../../../../contracts/orders';
import { apiClient } from '../../../lib/api-client';
import { orderKeys } from './order-keys';
import { orderApiPaths } from './order-paths';

/** docs/product.md#http-api GET /orders/track/{id}: the parcel's details with every scan, newest first. */
export async function trackOrder(id: string, signal?: AbortSignal): Promise<ShipmentUpdates> {
  return apiClient.get<ShipmentUpdates>(orderApiPaths.track(id), { signal });
}

export const trackOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orderKeys.tracking(id),
    queryFn: ({ signal }) => trackOrder(id, signal),
    retry: false,
  });

/** The tracking modal's data: read each time the modal opens, never while it is closed. */
export function useTrackOrder(id: string, open: boolean) {
  return useQuery({ ...trackOrderQueryOptions(id), enabled: open, staleTime: 0 });
}
