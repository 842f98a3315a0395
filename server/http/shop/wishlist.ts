import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WishlistReplySchema, WishlistUpdateBodySchema } from '../../../contracts/cart';
import { errorReplies } from '../../../contracts/http';
import { getWishlist, replaceWishlist } from '../../modules/wishlist/service';
import { currentUserId } from '../authentication';

const errors = errorReplies(400, 401, 403, 413);

const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/',
    {
      schema: {
        tags: ['wishlist'],
        summary: "The signed-in user's wishlist",
        response: { 200: WishlistReplySchema, ...errors },
      },
    },
    async (request) => getWishlist(app.db, currentUserId(request)),
  );

  app.post(
    '/update',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'Replace the wishlist; only product ids are read, duplicates ignored',
        body: WishlistUpdateBodySchema,
        response: { 200: WishlistReplySchema, ...errors },
      },
    },
    async (request) =>
      replaceWishlist(
        app.db,
        currentUserId(request),
        request.body.wishlist.map((item) => item.id),
      ),
  );
};

export default wishlistRoutes;
