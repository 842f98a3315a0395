import type { AdminProductCreate, AdminProductReply } from '../../../../contracts/admin-catalogue';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { useProductChange } from './use-product-change';

export function createProduct(input: AdminProductCreate) {
  return adminApi.post<AdminProductReply>(adminApiPaths.newProduct, input);
}

export function useCreateProduct() {
  return useProductChange(createProduct);
}
