import { useQuery } from '@tanstack/react-query';
import type { DashboardReply } from '../../../../contracts/admin-orders';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { adminOrderKeys } from './admin-order-keys';

export function getDashboard() {
  return adminApi.get<DashboardReply>(adminApiPaths.dashboard);
}

export function useDashboard() {
  return useQuery({ queryKey: adminOrderKeys.dashboard, queryFn: getDashboard });
}
