import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../contracts/orders';
import { apiClient } from '../../../lib/api-client';
import { orderApiPaths } from './order-paths';

export async function getMyOrders(signal?: AbortSignal): Promise<Order[]> {
  const reply = await apiClient.get<{ orders: Order[] }>(orderApiPaths.myOrders, { signal });
  return reply.orders;
}

export const myOrdersQueryOptions = queryOptions({
  queryKey: ['orders', 'mine'],
  queryFn: ({ signal }) => getMyOrders(signal),
});

export function useMyOrders(enabled: boolean) {
  return useQuery({ ...myOrdersQueryOptions, enabled });
}
