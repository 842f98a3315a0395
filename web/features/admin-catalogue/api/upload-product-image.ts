import type { AdminProductReply } from '../../../../contracts/admin-catalogue';
import { adminApiPaths } from '../../../lib/admin-paths';
import { ApiError, apiBase } from '../../../lib/api-client';
import { useProductChange } from './use-product-change';

export interface ImageUpload {
  id: number;
  file: File;
}

function messageOf(payload: unknown, status: number): string {
  if (typeof payload === 'object' && payload !== null && 'message' in payload) {
    const { message } = payload as { message: unknown };
    if (typeof message === 'string') return message;
  }
  return `The upload failed (${status}). Please try again.`;
}

/** The file itself as the body (not JSON), so the shared JSON client is not used here. */
export async function uploadProductImage({ id, file }: ImageUpload): Promise<AdminProductReply> {
  const response = await fetch(`${apiBase}${adminApiPaths.productImages(id)}`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': file.type || 'application/octet-stream',
      'X-Requested-With': 'fetch',
    },
    body: file,
    credentials: 'same-origin',
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, messageOf(payload, response.status));
  return payload as AdminProductReply;
}

export function useUploadProductImage() {
  return useProductChange(uploadProductImage);
}
