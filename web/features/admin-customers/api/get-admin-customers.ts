import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminCustomersReply } from '../../../../contracts/admin-customers';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { adminCustomerKeys } from './admin-customer-keys';

export function getAdminCustomers(q: string, page: number) {
  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (page > 1) query.set('page', String(page));
  return adminApi.get<AdminCustomersReply>(adminApiPaths.customers(query.toString()));
}

export function useAdminCustomers(q: string) {
  return useInfiniteQuery({
    queryKey: adminCustomerKeys.list(q),
    queryFn: ({ pageParam }) => getAdminCustomers(q, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}
