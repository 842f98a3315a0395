import fp from 'fastify-plugin';
import type { ProductImagesConfig } from '../../config';
import { createDiskImageStore } from './disk-image-store';
import type { ProductImageStore } from './image-store';
import { createS3ImageStore } from './s3-image-store';

declare module 'fastify' {
  interface FastifyInstance {
    productImages: ProductImageStore;
  }
}

export function createProductImageStore(config: ProductImagesConfig): ProductImageStore {
  return config.kind === 's3' ? createS3ImageStore(config) : createDiskImageStore(config.dir);
}

/** docs/architecture.md#product-images: one store, chosen at start; http/pages/media.ts serves the data folder's. */
export default fp(
  async (app) => {
    const config = app.config.productImages;
    app.decorate('productImages', createProductImageStore(config));
  },
  { name: 'product-images' },
);
