import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShipmentUpdates } from '../../../../contracts/orders';
import { ApiError, apiClient } from '../../../lib/api-client';
import { orderKeys } from './order-keys';
import { orderApiPaths } from './order-paths';

/**
 * docs/product.md#http-api GET /orders/shipment-updates/{id}. docs/product.md#messages: a 500 from this check is expected while an order is
 * new (no shipment yet), so it is only logged and read as "nothing yet" (null).
 */
export async function getShipmentUpdates(id: string, signal?: AbortSignal): Promise<ShipmentUpdates | null> {
  try {
    return await apiClient.get<ShipmentUpdates>(orderApiPaths.shipmentUpdates(id), { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 500) {
      console.info(`No shipping updates yet for order ${id}: ${error.message}`);
      return null;
    }
    throw error;
  }
}

export const shipmentUpdatesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orderKeys.shipmentUpdates(id),
    queryFn: ({ signal }) => getShipmentUpdates(id, signal),
    // docs/product.md#behaviour Orders page: fetched once on first load, then only when the shopper presses Refresh.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useShipmentUpdates(id: string) {
  return useQuery(shipmentUpdatesQueryOptions(id));
}
