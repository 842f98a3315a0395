import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminOrderSummary } from '../../../../contracts/admin-orders';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { filtersToSearchParams, type OrderFilters } from '../order-filters';
import { adminOrderKeys } from './admin-order-keys';

export function getAdminOrders(filters: OrderFilters, after: string | null) {
  const query = filtersToSearchParams(filters);
  if (after) query.set('after', after);
  return adminApi.get<{ orders: AdminOrderSummary[]; next: string | null }>(
    adminApiPaths.orders(query.toString()),
  );
}

export function useAdminOrders(filters: OrderFilters) {
  return useInfiniteQuery({
    queryKey: [...adminOrderKeys.all, 'list', filters],
    queryFn: ({ pageParam }) => getAdminOrders(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });
}
