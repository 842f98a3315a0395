import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../../contracts/http';
import {
  AdminReturnDetailSchema,
  AdminReturnsQuerySchema,
  AdminReturnsReplySchema,
  ReceiveReturnBodySchema,
  RefuseReturnBodySchema,
  ReturnReplySchema,
  ReturnSettingsReplySchema,
  ReturnSettingsSchema,
  returnMessages,
  returnReplies,
} from '../../../contracts/returns';
import { AppError } from '../../errors';
import { returnDeps } from '../../flows/deps';
import { actOnReturn, type ReturnAction } from '../../flows/returns';
import { listReturns, returnDetail } from '../../modules/returns/admin-return-views';
import { readReturnPhoto } from '../../modules/returns/return-photos';
import { readReturnSettings, updateReturnSettings } from '../../modules/returns/return-records';
import { privateImageReply, ReturnPhotoWidthSchema, sendPrivateImage } from '../private-image';
import { staffActorOf } from '../staff-authentication';

const ReturnIdParamsSchema = z.object({ id: z.string().max(64) });
const PhotoParamsSchema = z.object({ photoId: z.string().max(64), width: ReturnPhotoWidthSchema });
const adminReadErrors = errorReplies(400, 401, 403, 404);
const adminWriteErrors = errorReplies(400, 401, 403, 404, 409, 502);

/** docs/product.md#returns: the console's returns, under /api/admin. Support reads; owners act. */
const adminReturnRoutes: FastifyPluginAsyncZod = async (app) => {
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
    '/return-photos/:photoId/:width',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary:
          'A return photo the shopper sent (width 800, or 400 for the thumbnail): the picture, or a redirect to it',
        params: PhotoParamsSchema,
        response: { ...privateImageReply, ...adminReadErrors },
      },
    },
    async (request, reply) => {
      const { photoId, width } = request.params;
      const image = await readReturnPhoto(app.db, app.productImages, photoId, width, { staff: true });
      if (!image) throw new AppError('not_found', returnReplies.photoNotFound);
      return sendPrivateImage(reply, image);
    },
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

export default adminReturnRoutes;
