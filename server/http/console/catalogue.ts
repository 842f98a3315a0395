import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminProductCreateSchema,
  AdminProductIdParamsSchema,
  AdminProductPatchSchema,
  AdminProductReplySchema,
  AdminProductsQuerySchema,
  AdminProductsReplySchema,
  adminCatalogueMessages,
  IMAGE_CONTENT_TYPES,
  MAX_IMAGE_BYTES,
} from '../../../contracts/admin-catalogue';
import { errorReplies } from '../../../contracts/http';
import { AppError } from '../../errors';
import { addProductImage } from '../../modules/admin-catalogue/add-product-image';
import { createProduct } from '../../modules/admin-catalogue/create-product';
import { findProductDetail, listProducts } from '../../modules/admin-catalogue/product-views';
import { updateProduct } from '../../modules/admin-catalogue/update-product';
import { staffActorOf } from '../staff-authentication';

// docs/architecture.md#console-catalogue; docs/product.md#console-catalogue.

const readErrors = errorReplies(400, 401, 403, 404);
const writeErrors = errorReplies(400, 401, 403, 404, 409, 413);

async function detailOrThrow(app: FastifyInstance, productId: number) {
  const product = await findProductDetail(app.db, productId);
  if (!product) throw new AppError('not_found', adminCatalogueMessages.productNotFound);
  return product;
}

const adminCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = app.requireStaff('support');
  const owner = app.requireStaff('owner');

  // An upload is the image's bytes as the body; whatever its declared type, sharp decides whether it is an
  // image, so a wrong file gets the one clear 400 rather than a 415.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.get(
    '/products',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: 'Every product, on sale or not, with stock, units held by checkouts and the low-stock flag',
        querystring: AdminProductsQuerySchema,
        response: { 200: AdminProductsReplySchema, ...readErrors },
      },
    },
    async (request) => ({
      products: await listProducts(app.db, { lowStock: request.query.lowStock !== undefined }),
    }),
  );

  app.get(
    '/products/:id',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: 'One product: everything editable, its images and its last 20 stock movements',
        params: AdminProductIdParamsSchema,
        response: { 200: AdminProductReplySchema, ...readErrors },
      },
    },
    async (request) => ({ product: await detailOrThrow(app, request.params.id) }),
  );

  app.patch(
    '/products/:id',
    {
      preValidation: owner,
      schema: {
        tags: ['admin'],
        summary:
          'Change a product: texts, price, discount, sale, stock count, threshold, image order (owner)',
        params: AdminProductIdParamsSchema,
        body: AdminProductPatchSchema,
        response: { 200: AdminProductReplySchema, ...writeErrors },
      },
    },
    async (request) => {
      await updateProduct(app.db, request.params.id, request.body, staffActorOf(request));
      return {
        message: adminCatalogueMessages.saved,
        product: await detailOrThrow(app, request.params.id),
      };
    },
  );

  app.post(
    '/products',
    {
      preValidation: owner,
      schema: {
        tags: ['admin'],
        summary: 'A new product, off sale until it has an image and the owner puts it on sale (owner)',
        body: AdminProductCreateSchema,
        response: { 201: AdminProductReplySchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const id = await createProduct(app.db, request.body, staffActorOf(request));
      return reply
        .code(201)
        .send({ message: adminCatalogueMessages.created, product: await detailOrThrow(app, id) });
    },
  );

  app.post(
    '/products/:id/images',
    {
      preValidation: owner,
      bodyLimit: MAX_IMAGE_BYTES,
      // The route's own words for a file over the limit; everything else goes to the app's error handler.
      errorHandler: (error, _request, reply) => {
        if ((error as { code?: string }).code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
        return reply.code(413).send({ message: adminCatalogueMessages.imageTooLarge });
      },
      schema: {
        tags: ['admin'],
        summary: `Upload one image (the file as the body: ${IMAGE_CONTENT_TYPES.join(', ')}; at most 8 MB) (owner)`,
        consumes: [...IMAGE_CONTENT_TYPES],
        params: AdminProductIdParamsSchema,
        response: { 200: AdminProductReplySchema, ...writeErrors },
      },
    },
    async (request) => {
      const upload = request.body;
      if (!Buffer.isBuffer(upload) || upload.length === 0) {
        throw new AppError('invalid', adminCatalogueMessages.notAnImage);
      }
      await addProductImage(app.db, app.productImages, request.params.id, upload, staffActorOf(request));
      return {
        message: adminCatalogueMessages.imageAdded,
        product: await detailOrThrow(app, request.params.id),
      };
    },
  );
};

export default adminCatalogueRoutes;
