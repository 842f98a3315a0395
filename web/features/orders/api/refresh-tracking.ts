import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShipmentUpdates } from '../../../../contracts/orders';
import { apiClient } from '../../../lib/api-client';
import { checkShiprocketUpdates } from './check-shiprocket-updates';
import { orderKeys } from './order-keys';
import { orderApiPaths } from './order-paths';

/** docs/product.md#http-api POST /orders/refresh-tracking/{id}: asks the courier now and stores what it says. */
export async function refreshTracking(id: string): Promise<ShipmentUpdates> {
  return apiClient.post<ShipmentUpdates>(orderApiPaths.refreshTracking(id), undefined);
}

/**
 * The per-order Refresh of docs/product.md#behaviour Orders page. If the refresh is refused (it is rate-limited) or fails, the
 * documented fallback check-shiprocket-updates answers instead; the order (its status) is read again either way.
 */
export function useRefreshTracking(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...orderKeys.shipmentUpdates(id), 'refresh'],
    mutationFn: async () => {
      try {
        return await refreshTracking(id);
      } catch (error) {
        console.info(`Refreshing tracking of order ${id} failed; checking for updates instead`, error);
        return checkShiprocketUpdates(id);
      }
    },
    onSuccess: (updates) => queryClient.setQueryData(orderKeys.shipmentUpdates(id), updates),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.mine }),
  });
}
