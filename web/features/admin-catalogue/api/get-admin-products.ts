import { useQuery } from '@tanstack/react-query';
import type { AdminProductsReply } from '../../../../contracts/admin-catalogue';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { catalogueKeys } from './catalogue-keys';

export function getAdminProducts(lowStock: boolean) {
  return adminApi.get<AdminProductsReply>(adminApiPaths.products(lowStock));
}

export function useAdminProducts(lowStock = false) {
  return useQuery({ queryKey: catalogueKeys.list(lowStock), queryFn: () => getAdminProducts(lowStock) });
}
