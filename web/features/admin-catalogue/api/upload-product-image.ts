import type { AdminProductReply } from '../../../../contracts/admin-catalogue';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { useProductChange } from './use-product-change';

export interface ImageUpload {
  id: number;
  file: File;
}

/** The file itself as the body (not JSON). */
export function uploadProductImage({ id, file }: ImageUpload): Promise<AdminProductReply> {
  return adminApi.post<AdminProductReply>(adminApiPaths.productImages(id), file);
}

export function useUploadProductImage() {
  return useProductChange(uploadProductImage);
}
