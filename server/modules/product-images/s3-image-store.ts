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
    async put(key, body, contentType) {
      const response = await client.fetch(`${bucketUrl}/${key}`, {
        method: 'PUT',
        body: new Uint8Array(body),
        headers: { 'content-type': contentType, 'cache-control': IMMUTABLE },
      });
      if (!response.ok) {
        throw new Error(`S3 refused the image upload: ${response.status} ${await response.text()}`);
      }
    },
    publicUrlOf(key) {
      return `${withoutTrailingSlash(config.publicUrl)}/${key}`;
    },
  };
}
