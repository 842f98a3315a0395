import { useQuery } from '@tanstack/react-query';
import type { AdminOrderDetail } from '../../../../contracts/admin-orders';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { adminOrderKeys } from './admin-order-keys';

export function getAdminOrder(id: string) {
  return adminApi.get<AdminOrderDetail>(adminApiPaths.order(id));
}

export function useAdminOrder(id: string) {
  return useQuery({ queryKey: adminOrderKeys.order(id), queryFn: () => getAdminOrder(id) });
}
