import type { AdminProductPatch, AdminProductReply } from '../../../../contracts/admin-catalogue';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { useProductChange } from './use-product-change';

export interface ProductUpdate {
  id: number;
  patch: AdminProductPatch;
}

export function updateProduct({ id, patch }: ProductUpdate) {
  return adminApi.patch<AdminProductReply>(adminApiPaths.product(id), patch);
}

export function useUpdateProduct() {
  return useProductChange(updateProduct);
}
