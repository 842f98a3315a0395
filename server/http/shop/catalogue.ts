import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type ProductListReply,
  ProductListReplySchema,
  ProductReplySchema,
} from '../../../contracts/catalogue';
import { errorReplies } from '../../../contracts/http';
import { messages } from '../../../contracts/messages';
import { AppError } from '../../errors';
import { precompressed, preferredEncoding } from '../../modules/catalogue/precompressed';
import { createCatalogueCache, findProduct } from '../../modules/catalogue/service';

const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = createCatalogueCache(app.db, app.catalogueVersions);
  const compressed = precompressed();

  app.get(
    '/products',
    {
      // Compressed here, once per version of the list, rather than by @fastify/compress on every reply.
      compress: false,
      decompress: false,
      schema: {
        tags: ['catalogue'],
        summary: 'The catalogue (docs/product.md#entities Product)',
        response: {
          200: ProductListReplySchema,
          304: z.null().describe('Not modified since the ETag you sent'),
        },
      },
    },
    async (request, reply) => {
      const snapshot = await catalogue.get();
      // Browsers keep the list but ask again each time; an unchanged one costs a 304.
      reply
        .header('ETag', snapshot.etag)
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'accept-encoding');
      if (request.headers['if-none-match'] === snapshot.etag) return reply.code(304).send(null);
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      let body = snapshot.json;
      if (encoding) {
        body = await compressed(snapshot.json, encoding);
        reply.header('Content-Encoding', encoding);
      }
      // Serialized once per snapshot: Fastify sends a Buffer as it is, skipping the per-request serializer.
      return reply.type('application/json; charset=utf-8').send(body as unknown as ProductListReply);
    },
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product on sale; an unknown, off-sale or malformed id is a 404',
        params: z.object({ id: z.string() }),
        response: { 200: ProductReplySchema, ...errorReplies(404) },
      },
    },
    async (request) => {
      const product = await findProduct(app.db, request.params.id);
      if (!product) throw new AppError('not_found', messages.productNotFound);
      return { product };
    },
  );
};

export default catalogueRoutes;
