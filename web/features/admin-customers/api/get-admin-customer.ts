import { useQuery } from '@tanstack/react-query';
import type { AdminCustomerDetail } from '../../../../contracts/admin-customers';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { adminCustomerKeys } from './admin-customer-keys';

export function getAdminCustomer(id: string) {
  return adminApi.get<AdminCustomerDetail>(adminApiPaths.customer(id));
}

export function useAdminCustomer(id: string) {
  return useQuery({ queryKey: adminCustomerKeys.customer(id), queryFn: () => getAdminCustomer(id) });
}
