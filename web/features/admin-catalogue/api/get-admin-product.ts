import { useQuery } from '@tanstack/react-query';
import type { AdminProductReply } from '../../../../contracts/admin-catalogue';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { catalogueKeys } from './catalogue-keys';

export function getAdminProduct(id: number) {
  return adminApi.get<AdminProductReply>(adminApiPaths.product(id));
}

export function useAdminProduct(id: number) {
  return useQuery({ queryKey: catalogueKeys.product(id), queryFn: () => getAdminProduct(id) });
}
