import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { messages } from '../../../contracts/messages';
import { contentTypeOf } from '../../modules/product-images/image-store';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Only names this module writes: nothing else in the data folder can be reached.
const PRODUCT_ID = /^[1-9]\d{0,8}$/;
const FILE_NAME = /^[0-9a-f]{16}-\d{2,4}\.(avif|webp)$/;

/** Serves the data folder's product images under /media/products/<id>/<hash>-<width>.<avif|webp>. */
export function mediaRoutes(dir: string): FastifyPluginAsync {
  const root = path.resolve(dir);
  return async (app) => {
    app.get<{ Params: { id: string; file: string } }>(
      '/media/products/:id/:file',
      { schema: { hide: true } },
      async (request, reply) => {
        const { id, file } = request.params;
        const notFound = () => reply.code(404).send({ message: messages.notFound });
        const format = FILE_NAME.exec(file)?.[1];
        if (!PRODUCT_ID.test(id) || (format !== 'avif' && format !== 'webp')) return notFound();
        const filePath = path.join(root, 'products', id, file);
        const found = await stat(filePath).catch(() => undefined);
        if (!found?.isFile()) return notFound();
        // Content-addressed: a file never changes under its name.
        return reply
          .header('cache-control', IMMUTABLE)
          .header('content-length', found.size)
          .type(contentTypeOf(format))
          .send(createReadStream(filePath));
      },
    );
  };
}
