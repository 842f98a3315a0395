import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelOrderReply } from '../../../../contracts/orders';
import { apiClient } from '../../../lib/api-client';
import type { OrderWithShipment } from './get-my-orders';
import { orderKeys } from './order-keys';
import { orderApiPaths } from './order-paths';

/** docs/product.md#http-api POST /orders/cancel/{id}: cancels before pickup and refunds the payment in full. */
export async function cancelOrder(id: string): Promise<CancelOrderReply> {
  return apiClient.post<CancelOrderReply>(orderApiPaths.cancel(id), undefined);
}

export function useCancelOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...orderKeys.one(id), 'cancel'],
    mutationFn: () => cancelOrder(id),
    onSuccess: ({ order }) =>
      queryClient.setQueryData<OrderWithShipment[]>(orderKeys.mine, (orders) =>
        orders?.map((current) => (current.orderId === id ? { ...current, ...order } : current)),
      ),
    // Cancelled or refused (picked up meanwhile), the order changed: read it and its parcel again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
