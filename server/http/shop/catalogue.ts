import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProductListReplySchema, ProductReplySchema } from '../../../contracts/catalogue';
import { errorReplies } from '../../../contracts/http';
import { messages } from '../../../contracts/messages';
import { AppError } from '../../errors';
import { type ReadyReply, readyReplies, settledValues } from '../../modules/catalogue/precompressed';
import { type CatalogueSnapshot, createCatalogueCache, findProduct } from '../../modules/catalogue/service';

const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = createCatalogueCache(app.db, app.catalogueVersions);
  const snapshots = settledValues<CatalogueSnapshot>();
  // Browsers keep the list but ask again each time; an unchanged one costs a 304.
  const replies = readyReplies((snapshot: CatalogueSnapshot) => ({
    bytes: snapshot.json,
    etag: snapshot.etag,
    contentType: 'application/json; charset=utf-8',
    cacheControl: 'no-cache',
  }));

  /**
   * docs/operations.md#catalogue-reply: the list's reply as made once for its version, headers and all, in
   * one send.
   */
  function send(request: FastifyRequest, reply: FastifyReply, snapshot: CatalogueSnapshot) {
    const ready = replies(snapshot, {
      acceptEncoding: request.headers['accept-encoding'],
      ifNoneMatch: request.headers['if-none-match'],
    });
    if (ready instanceof Promise) return ready.then((made) => sendReady(reply, made));
    sendReady(reply, ready);
  }

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
    // Not an async function: with the list's version already read, the reply goes out in the turn the request
    // arrived in, without the promise turns an async handler costs every request.
    (request, reply) => {
      const pending = catalogue.get();
      const snapshot = snapshots.get(pending);
      if (snapshot) return send(request, reply, snapshot);
      return snapshots.wait(pending).then((read) => send(request, reply, read));
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

/**
 * Sends a reply made beforehand: a 304 without a body, or the list's bytes as they are (a Buffer is not
 * serialized).
 */
function sendReady(reply: FastifyReply, ready: ReadyReply): void {
  reply.code(ready.status).headers(ready.headers).send(ready.body);
}
