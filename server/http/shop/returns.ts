import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_IMAGE_BYTES } from '../../../contracts/admin-catalogue';
import { errorReplies } from '../../../contracts/http';
import { messages } from '../../../contracts/messages';
import {
  OrderReturnsReplySchema,
  ReturnPhotoReplySchema,
  ReturnReplySchema,
  ReturnRequestBodySchema,
  returnReplies,
} from '../../../contracts/returns';
import { AppError } from '../../errors';
import { returnDeps } from '../../flows/deps';
import { requestReturn } from '../../flows/returns';
import { findUserOrder } from '../../modules/orders/order-view';
import type { SpooledUpload } from '../../modules/product-images/image-store';
import { addReturnPhoto, checkOrderTakesPhotos, readReturnPhoto } from '../../modules/returns/return-photos';
import { replacementOriginOf, returnOfferOf, returnViewsOfOrder } from '../../modules/returns/return-view';
import { currentUserId } from '../authentication';
import { privateImageReply, ReturnPhotoWidthSchema, sendPrivateImage } from '../private-image';
import { removeSpooledUpload, spoolUpload } from '../upload-spool';

// docs/product.md#returns: the shopper's side, under /api/orders (signed in; their own orders only).

const OrderIdParamsSchema = z.object({ id: z.string().max(64) });
const PhotoParamsSchema = z.object({
  id: z.string().max(64),
  photoId: z.string().max(64),
  width: ReturnPhotoWidthSchema,
});
const errors = errorReplies(400, 401, 403, 404, 409, 413, 422);
const uploadErrors = errorReplies(400, 401, 403, 404, 409, 413, 422, 429, 503);
const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * docs/architecture.md#upload-budget: photo uploads counted per client IP before the body is read, and per
 * shopper once the session is known; either past its limit is a 429 with Retry-After.
 */
function uploadLimits(app: FastifyInstance) {
  const { perIp, perShopper } = app.config.photoUploadLimits;
  const limiter = (max: number, key: (request: FastifyRequest) => string) => {
    const count = app.createRateLimit({ max, timeWindow: FIFTEEN_MINUTES, keyGenerator: key });
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const counted = await count(request);
      if (counted.isAllowed || !counted.isExceeded) return;
      reply.header('retry-after', counted.ttlInSeconds);
      throw new AppError('rate_limited', messages.tooManyRequests);
    };
  };
  return {
    perIp: limiter(perIp, (request) => `return-photo-ip:${request.ip}`),
    perShopper: limiter(perShopper, (request) => `return-photo-shopper:${currentUserId(request)}`),
  };
}
const IdempotencyHeadersSchema = z.looseObject({ 'idempotency-key': z.string().min(8).max(100) });

const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

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

  const limits = uploadLimits(app);
  // Who sends it and whether their order takes a photo, decided before the body (up to 8 MB) is read.
  const takesPhotos = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    await checkOrderTakesPhotos(app.db, currentUserId(request), id);
  };

  // The upload alone takes any content type: a photo is the image's bytes as the body, and sharp decides if it
  // is one. The bytes go to a temporary file as they arrive (docs/architecture.md#upload-budget), removed once
  // the reply is sent.
  await app.register(async (uploads) => {
    uploads.addContentTypeParser('*', (request, body, done) => {
      spoolUpload(request, body, MAX_IMAGE_BYTES).then(
        (spooled) => done(null, spooled),
        (error: Error) => done(error, undefined),
      );
    });

    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/:id/return-photos',
      {
        onRequest: [limits.perIp, app.requireUser, limits.perShopper, takesPhotos],
        onResponse: removeSpooledUpload,
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
          response: { 201: ReturnPhotoReplySchema, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const upload = request.body as SpooledUpload | undefined;
        if (!upload?.path || upload.size === 0) throw new AppError('invalid', returnReplies.photoNotAnImage);
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
  });

  app.get(
    '/:id/return-photos/:photoId/:width',
    {
      schema: {
        tags: ['returns'],
        summary:
          'One of your return photos (width 800, or 400 for the thumbnail): the picture, or a redirect to it',
        params: PhotoParamsSchema,
        response: { ...privateImageReply, ...errorReplies(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { id, photoId, width } = request.params;
      const reader = { staff: false as const, userId: currentUserId(request), orderId: id };
      const image = await readReturnPhoto(app.db, app.productImages, photoId, width, reader);
      if (!image) throw new AppError('not_found', returnReplies.photoNotFound);
      return sendPrivateImage(reply, image);
    },
  );
};

export default returnRoutes;
