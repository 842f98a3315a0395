import type { Readable } from 'node:stream';

/** An upload written to a temporary file as it arrived (server/http/upload-spool.ts), with its SHA-256. */
export interface SpooledUpload {
  path: string;
  size: number;
  sha256: string;
}

/** A private file (a return photo) as one reader gets it: its bytes, or a short-lived signed URL to fetch. */
export type PrivateImage = { kind: 'file'; body: Readable; size: number } | { kind: 'redirect'; url: string };

/** Where product images live: the data folder or an S3-compatible bucket (docs/architecture.md#product-images). */
export interface ProductImageStore {
  /**
   * Stores one file under `key` (e.g. `products/7/ab12-800.webp` or `-800.avif`); the same key twice
   * overwrites. A `private` file (docs/architecture.md#return-photos) is never given a public URL.
   */
  put(key: string, body: Buffer, contentType: string, visibility?: 'public' | 'private'): Promise<void>;
  /** The URL browsers load a public file from. */
  publicUrlOf(key: string): string;
  /** A private file for a reader the caller has already allowed; undefined when there is none. */
  readPrivate(key: string): Promise<PrivateImage | undefined>;
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
