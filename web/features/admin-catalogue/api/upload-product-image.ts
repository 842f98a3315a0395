import type { AdminProductReply } from '../../../../contracts/admin-catalogue';
import { adminApiPaths } from '../../../lib/admin-paths';
import { postFile } from '../../../lib/post-file';
import { useProductChange } from './use-product-change';

export interface ImageUpload {
  id: number;
  file: File;
}

/** The file itself as the body (not JSON). */
export function uploadProductImage({ id, file }: ImageUpload): Promise<AdminProductReply> {
  return postFile<AdminProductReply>(adminApiPaths.productImages(id), file);
}

export function useUploadProductImage() {
  return useProductChange(uploadProductImage);
}
