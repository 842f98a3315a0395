import { AwsClient } from 'aws4fetch';
import type { ProductImageStore } from './image-store';

export interface S3StoreConfig {
  bucket: string;
  /** e.g. https://s3.ap-south-1.amazonaws.com or an S3-compatible service's endpoint. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers load the bucket's files from (a CDN or the bucket's public address). */
  publicUrl: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
// docs/architecture.md#return-photos: a private file's signed URL works this long: enough to load the picture
// the page asked for, too short to be worth passing on.
export const SIGNED_URL_SECONDS = 300;

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Path-style PUTs signed with SigV4, which every S3-compatible service accepts. */
export function createS3ImageStore(config: S3StoreConfig): ProductImageStore {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
  });
  const bucketUrl = `${withoutTrailingSlash(config.endpoint)}/${encodeURIComponent(config.bucket)}`;
  return {
    async put(key, body, contentType, visibility = 'public') {
      // Whether a key can be read without a signature is the bucket policy's: public read for products/ only.
      const response = await client.fetch(`${bucketUrl}/${key}`, {
        method: 'PUT',
        body: new Uint8Array(body),
        headers: {
          'content-type': contentType,
          'cache-control': visibility === 'public' ? IMMUTABLE : 'private, max-age=3600',
        },
      });
      if (!response.ok) {
        throw new Error(`S3 refused the image upload: ${response.status} ${await response.text()}`);
      }
    },
    publicUrlOf(key) {
      return `${withoutTrailingSlash(config.publicUrl)}/${key}`;
    },
    async readPrivate(key) {
      // A presigned GET (SigV4 in the query string), so the browser fetches it from the bucket itself.
      const url = new URL(`${bucketUrl}/${key}`);
      url.searchParams.set('X-Amz-Expires', String(SIGNED_URL_SECONDS));
      const signed = await client.sign(url, { method: 'GET', aws: { signQuery: true } });
      return { kind: 'redirect', url: signed.url };
    },
  };
}
