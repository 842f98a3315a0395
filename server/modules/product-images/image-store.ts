/** Where product images live: the data folder or an S3-compatible bucket (docs/architecture.md#product-images). */
export interface ProductImageStore {
  /** Stores one file under `key` (e.g. `products/7/ab12-800.webp` or `-800.avif`); the same key twice overwrites. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The URL browsers load the file from. */
  publicUrlOf(key: string): string;
}

export type ProductImageFileFormat = 'avif' | 'webp';

export function productImageKey(
  productId: number,
  hash: string,
  width: number,
  format: ProductImageFileFormat = 'webp',
): string {
  return `products/${productId}/${hash}-${width}.${format}`;
}

export function contentTypeOf(format: ProductImageFileFormat): string {
  return `image/${format}`;
}
