import fp from 'fastify-plugin';
import type { ProductImagesConfig } from '../../config';
import { createDiskImageStore } from './disk-image-store';
import type { ProductImageStore } from './image-store';
import { mediaRoutes } from './media-routes';
import { createS3ImageStore } from './s3-image-store';

declare module 'fastify' {
  interface FastifyInstance {
    productImages: ProductImageStore;
  }
}

export function createProductImageStore(config: ProductImagesConfig): ProductImageStore {
  return config.kind === 's3' ? createS3ImageStore(config) : createDiskImageStore(config.dir);
}

/** docs/architecture.md#product-images: one store, chosen at start; the data folder's is served here. */
export default fp(
  async (app) => {
    const config = app.config.productImages;
    app.decorate('productImages', createProductImageStore(config));
    if (config.kind === 'disk') await app.register(mediaRoutes(config.dir));
  },
  { name: 'product-images' },
);
