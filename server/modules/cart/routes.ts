import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CartReplySchema, CartSummarySchema, CartUpdateBodySchema } from '../../../contracts/cart';
import { errorReplies } from '../../../contracts/http';
import { currentUserId } from '../../plugins/authentication';
import { getCart, replaceCart } from './service';

const errors = errorReplies(400, 401, 403, 413);

const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/',
    {
      schema: {
        tags: ['cart'],
        summary: "The signed-in user's cart with its summary (docs/product.md#money totals)",
        response: { 200: CartReplySchema, ...errors },
      },
    },
    async (request) => getCart(app.db, currentUserId(request)),
  );

  app.get(
    '/summary',
    {
      schema: {
        tags: ['cart'],
        summary: 'Subtotal, discount, shipping and total',
        response: { 200: CartSummarySchema, ...errors },
      },
    },
    async (request) => (await getCart(app.db, currentUserId(request))).summary,
  );

  app.post(
    '/update',
    {
      schema: {
        tags: ['cart'],
        summary: 'Replace the cart; only product ids, quantities (1 to 10) and sizes are read',
        body: CartUpdateBodySchema,
        response: { 200: CartReplySchema, ...errors },
      },
    },
    async (request) => replaceCart(app.db, currentUserId(request), request.body.cart),
  );
};

export default cartRoutes;
