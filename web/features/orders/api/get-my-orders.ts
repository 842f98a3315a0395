import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OrdersWithShipmentReplySchema } from '../../../../contracts/orders';
import { apiClient } from '../../../lib/api-client';
import { orderKeys } from './order-keys';
import { orderApiPaths } from './order-paths';

export type OrderWithShipment = z.infer<typeof OrdersWithShipmentReplySchema>['orders'][number];

/** docs/product.md#http-api GET /orders/my-orders-with-shipment: the shopper's paid orders, newest first, with their parcels. */
export async function getMyOrders(signal?: AbortSignal): Promise<OrderWithShipment[]> {
  const reply = await apiClient.get<{ orders: OrderWithShipment[] }>(orderApiPaths.myOrdersWithShipment, {
    signal,
  });
  return reply.orders;
}

export const myOrdersQueryOptions = queryOptions({
  queryKey: orderKeys.mine,
  queryFn: ({ signal }) => getMyOrders(signal),
});

export function useMyOrders(enabled: boolean) {
  return useQuery({ ...myOrdersQueryOptions, enabled });
}
