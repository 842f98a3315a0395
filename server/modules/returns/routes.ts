import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_IMAGE_BYTES } from '../../../contracts/admin-catalogue';
import { errorReplies } from '../../../contracts/http';
import {
  AdminReturnDetailSchema,
  AdminReturnsQuerySchema,
  AdminReturnsReplySchema,
  OrderReturnsReplySchema,
  ReceiveReturnBodySchema,
  RefuseReturnBodySchema,
  ReturnPhotoReplySchema,
  ReturnReplySchema,
  ReturnRequestBodySchema,
  ReturnSettingsReplySchema,
  ReturnSettingsSchema,
  returnMessages,
  returnReplies,
} from '../../../contracts/returns';
import { AppError } from '../../errors';
import { returnDeps } from '../../flows/deps';
import { actOnReturn, type ReturnAction, requestReturn } from '../../flows/returns';
import { currentUserId } from '../../plugins/authentication';
import { staffActorOf } from '../../plugins/staff-authentication';
import { findUserOrder } from '../orders/order-view';
import { listReturns, returnDetail } from './admin-return-views';
import { addReturnPhoto } from './return-photos';
import { readReturnSettings, updateReturnSettings } from './return-records';
import { replacementOriginOf, returnOfferOf, returnViewsOfOrder } from './return-view';

// docs/product.md#returns: the shopper's side, under /api/orders (signed in; their own orders only).

const OrderIdParamsSchema = z.object({ id: z.string().max(64) });
const errors = errorReplies(400, 401, 403, 404, 409, 413, 422);
const IdempotencyHeadersSchema = z.looseObject({ 'idempotency-key': z.string().min(8).max(100) });

const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);
  // A photo is the image's bytes as the body, as a product image's upload is; sharp decides if it is one.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.get(
    '/:id/returns',
    {
      schema: {
        tags: ['returns'],
        summary: 'Whether "Return or replace" is offered on the order (or why not), and its returns',
        params: OrderIdParamsSchema,
        response: { 200: OrderReturnsReplySchema, ...errors },
      },
    },
    async (request) => {
      const order = await findUserOrder(app.db, currentUserId(request), request.params.id);
      if (!order) throw new AppError('not_found', returnReplies.orderNotFound);
      return {
        offer: await returnOfferOf(app.db, order, new Date()),
        returns: await returnViewsOfOrder(app.db, order),
        replacementOf: replacementOriginOf(order),
      };
    },
  );

  app.post(
    '/:id/returns',
    {
      schema: {
        tags: ['returns'],
        summary: 'Ask to return or replace units of a delivered order (Idempotency-Key: one return per key)',
        params: OrderIdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: ReturnRequestBodySchema,
        response: { 201: ReturnReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const view = await requestReturn(returnDeps(app), {
        orderId: request.params.id,
        userId: currentUserId(request),
        body: request.body,
        requestKey: request.headers['idempotency-key'],
      });
      return reply.code(201).send({ message: returnReplies.requested, return: view });
    },
  );

  app.post(
    '/:id/return-photos',
    {
      bodyLimit: MAX_IMAGE_BYTES,
      errorHandler: (error, _request, reply) => {
        if ((error as { code?: string }).code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
        return reply.code(413).send({ message: returnReplies.photoTooLarge });
      },
      schema: {
        tags: ['returns'],
        summary:
          'Upload one photo for a return of the order (the picture as the body: JPEG, PNG or WebP; at most 8 MB)',
        params: OrderIdParamsSchema,
        response: { 201: ReturnPhotoReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const upload = request.body;
      if (!Buffer.isBuffer(upload) || upload.length === 0) {
        throw new AppError('invalid', returnReplies.photoNotAnImage);
      }
      const photo = await addReturnPhoto(
        app.db,
        app.productImages,
        currentUserId(request),
        request.params.id,
        upload,
      );
      return reply.code(201).send({ message: returnReplies.photoAdded, photo });
    },
  );
};

export default returnRoutes;

const ReturnIdParamsSchema = z.object({ id: z.string().max(64) });
const adminReadErrors = errorReplies(400, 401, 403, 404);
const adminWriteErrors = errorReplies(400, 401, 403, 404, 409, 502);

/** docs/product.md#returns: the console's returns, under /api/admin. Support reads; owners act. */
export const adminReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = app.requireStaff('support');
  const owner = app.requireStaff('owner');

  app.get(
    '/returns',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: 'The returns queue, newest first, by status and age',
        querystring: AdminReturnsQuerySchema,
        response: { 200: AdminReturnsReplySchema, ...adminReadErrors },
      },
    },
    async (request) => ({ returns: await listReturns(app.db, request.query) }),
  );

  app.get(
    '/returns/:id',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: "A return: its lines, photos, reason, steps, the order's timeline and the actions open now",
        params: ReturnIdParamsSchema,
        response: { 200: AdminReturnDetailSchema, ...adminReadErrors },
      },
    },
    async (request) => {
      const detail = await returnDetail(app.db, request.params.id);
      if (!detail) throw new AppError('not_found', returnMessages.notFound);
      return detail;
    },
  );

  const actions: [string, string, (body: unknown) => ReturnAction, z.ZodType | undefined][] = [
    ['approve', 'Approve: the reverse pickup is booked', () => ({ type: 'approve' }), undefined],
    [
      'refuse',
      'Refuse, with the reason the shopper is sent',
      (body) => ({ type: 'refuse', reason: RefuseReturnBodySchema.parse(body).reason }),
      RefuseReturnBodySchema,
    ],
    [
      'approve-without-pickup',
      'Refund or replace at once, nothing collected',
      () => ({ type: 'approve_without_pickup' }),
      undefined,
    ],
    [
      'receive',
      'Mark received with the quality check: resellable units back in stock, the others written off',
      (body) => ({ type: 'receive', quality: ReceiveReturnBodySchema.parse(body).quality }),
      ReceiveReturnBodySchema,
    ],
    ['refund', 'Refund what was paid for the returned units', () => ({ type: 'refund' }), undefined],
    ['send-replacement', 'Make the replacement order', () => ({ type: 'send_replacement' }), undefined],
    ['close', 'Close a return whose pickup failed, nothing paid', () => ({ type: 'close' }), undefined],
  ];
  for (const [path, summary, actionOf, body] of actions) {
    app.post(
      `/returns/:id/${path}`,
      {
        preValidation: owner,
        schema: {
          tags: ['admin'],
          summary: `${summary} (owner)`,
          params: ReturnIdParamsSchema,
          ...(body ? { body } : {}),
          response: { 200: ReturnReplySchema, ...adminWriteErrors },
        },
      },
      async (request) =>
        actOnReturn(returnDeps(app), request.params.id, actionOf(request.body), staffActorOf(request)),
    );
  }

  app.get(
    '/return-settings',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary:
          'The return window, whether "changed my mind" is accepted, and its return-shipping deduction',
        response: { 200: ReturnSettingsSchema, ...adminReadErrors },
      },
    },
    async () => readReturnSettings(app.db),
  );

  app.put(
    '/return-settings',
    {
      preValidation: owner,
      schema: {
        tags: ['admin'],
        summary: 'Change the return settings (owner)',
        body: ReturnSettingsSchema,
        response: { 200: ReturnSettingsReplySchema, ...adminWriteErrors },
      },
    },
    async (request) => ({
      message: returnReplies.settingsSaved,
      settings: await updateReturnSettings(app.db, request.body, staffActorOf(request)),
    }),
  );
};
