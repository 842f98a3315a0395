import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCouponDetailReplySchema,
  AdminCouponIdParamsSchema,
  AdminCouponReplySchema,
  AdminCouponsReplySchema,
  adminCouponMessages,
  CouponInputSchema,
  CouponPatchSchema,
} from '../../../contracts/coupons';
import { errorReplies } from '../../../contracts/http';
import { AppError } from '../../errors';
import { createCoupon, updateCoupon } from '../../modules/coupons/admin-coupons';
import {
  couponOrders,
  couponStats,
  findCoupon,
  listCoupons,
  toCoupon,
} from '../../modules/coupons/coupon-views';
import { staffActorOf } from '../staff-authentication';

// docs/product.md#console-coupons: owners write, support reads; every write is audited.

const readErrors = errorReplies(400, 401, 403, 404);
const writeErrors = errorReplies(400, 401, 403, 404, 409);

const adminCouponRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = app.requireStaff('support');
  const owner = app.requireStaff('owner');

  app.get(
    '/coupons',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: 'Every discount code, newest first, with its uses, discount given and revenue',
        response: { 200: AdminCouponsReplySchema, ...readErrors },
      },
    },
    async () => ({ coupons: await listCoupons(app.db) }),
  );

  app.post(
    '/coupons',
    {
      preValidation: owner,
      schema: {
        tags: ['admin'],
        summary: 'Create a discount code (owner)',
        body: CouponInputSchema,
        response: { 201: AdminCouponReplySchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const coupon = await createCoupon(app.db, request.body, staffActorOf(request));
      return reply.code(201).send({ message: adminCouponMessages.created, coupon: toCoupon(coupon) });
    },
  );

  app.get(
    '/coupons/:id',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: 'One discount code with its stats and the orders that used it',
        params: AdminCouponIdParamsSchema,
        response: { 200: AdminCouponDetailReplySchema, ...readErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const coupon = await findCoupon(app.db, id);
      if (!coupon) throw new AppError('not_found', adminCouponMessages.notFound);
      const [stats, orders] = await Promise.all([couponStats(app.db, id), couponOrders(app.db, id)]);
      return { coupon: toCoupon(coupon), stats, orders };
    },
  );

  app.patch(
    '/coupons/:id',
    {
      preValidation: owner,
      schema: {
        tags: ['admin'],
        summary: 'Change a discount code, or pause, restart or end it (owner); ended is final',
        params: AdminCouponIdParamsSchema,
        body: CouponPatchSchema,
        response: { 200: AdminCouponReplySchema, ...writeErrors },
      },
    },
    async (request) => {
      const coupon = await updateCoupon(app.db, request.params.id, request.body, staffActorOf(request));
      return { message: adminCouponMessages.saved, coupon: toCoupon(coupon) };
    },
  );
};

export default adminCouponRoutes;
