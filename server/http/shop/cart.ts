import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CartReplySchema, CartSummarySchema, CartUpdateBodySchema } from '../../../contracts/cart';
import { ApplyCouponBodySchema, CouponOffersReplySchema } from '../../../contracts/coupons';
import { errorReplies } from '../../../contracts/http';
import { applyCartCoupon, couponOffers, removeCartCoupon } from '../../modules/cart/apply-coupon';
import { getCart, replaceCart } from '../../modules/cart/service';
import { currentUserId } from '../authentication';

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

  app.post(
    '/coupon',
    {
      schema: {
        tags: ['cart'],
        summary: 'Apply a discount code to the cart (docs/product.md#discount-codes); replaces one applied',
        body: ApplyCouponBodySchema,
        response: { 200: CartReplySchema, ...errors, ...errorReplies(422, 429) },
      },
    },
    async (request) =>
      applyCartCoupon(app.db, app.failureCounters, {
        userId: currentUserId(request),
        ip: request.ip,
        code: request.body.code,
      }),
  );

  app.delete(
    '/coupon',
    {
      schema: {
        tags: ['cart'],
        summary: 'Take the discount code off the cart',
        response: { 200: CartReplySchema, ...errors },
      },
    },
    async (request) => removeCartCoupon(app.db, currentUserId(request)),
  );
};

/** GET /api/coupons/offers: the public codes, and whether each applies to the signed-in shopper's cart. */
export const couponOfferRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);
  app.get(
    '/offers',
    {
      schema: {
        tags: ['cart'],
        summary: 'Public discount codes live now, with why each does not apply to the cart yet',
        response: { 200: CouponOffersReplySchema, ...errorReplies(401, 403) },
      },
    },
    async (request) => ({ offers: await couponOffers(app.db, currentUserId(request)) }),
  );
};

export default cartRoutes;
