import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../../contracts/http';
import {
  AdminReviewReplySchema,
  AdminReviewsQuerySchema,
  AdminReviewsReplySchema,
  HideReviewBodySchema,
  ReplyReviewBodySchema,
  ReviewSettingsBodySchema,
  ReviewSettingsReplySchema,
  reviewMessages,
} from '../../../contracts/reviews';
import { AppError } from '../../errors';
import { readReviewPhoto } from '../../modules/reviews/review-photos';
import { reviewSettingsView, updateReviewSettings } from '../../modules/reviews/review-settings';
import { adminReviewView, listAdminReviews } from '../../modules/reviews/review-views';
import { moderateReview } from '../../modules/reviews/review-writer';
import { privateImageReply, ReturnPhotoWidthSchema, sendPrivateImage } from '../private-image';
import { staffActorOf } from '../staff-authentication';

const ReviewParamsSchema = z.object({ id: z.string().max(64) });
const PhotoParamsSchema = z.object({ photoId: z.string().max(64), width: ReturnPhotoWidthSchema });
const readErrors = errorReplies(400, 401, 403, 404);

/**
 * docs/product.md#reviews-console: the console's reviews under /api/admin. Support reads; owners hide, publish,
 * reply and change the settings, each audited (`review.hide`, `review.publish`, `review.reply`,
 * `review_settings.update`).
 */
const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = app.requireStaff('support');
  const owner = app.requireStaff('owner');

  app.get(
    '/reviews',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary:
          'Reviews, newest first, by status (new, published, hidden) and product, with the count of each status',
        querystring: AdminReviewsQuerySchema,
        response: { 200: AdminReviewsReplySchema, ...readErrors },
      },
    },
    async (request) => listAdminReviews(app.db, request.query),
  );

  app.get(
    '/review-photos/:photoId/:width',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary:
          'A review photo, whatever its review’s status (width 800, or 400): the picture, or a redirect to it',
        params: PhotoParamsSchema,
        response: { ...privateImageReply, ...readErrors },
      },
    },
    async (request, reply) => {
      const { photoId, width } = request.params;
      const image = await readReviewPhoto(app.db, app.productImages, photoId, width, { staff: true });
      if (!image) throw new AppError('not_found', reviewMessages.photoNotFound);
      return sendPrivateImage(reply, image);
    },
  );

  async function viewOrThrow(id: string) {
    const view = await adminReviewView(app.db, id);
    if (!view) throw new AppError('not_found', reviewMessages.notFound);
    return view;
  }

  app.post(
    '/reviews/:id/hide',
    {
      preValidation: owner,
      schema: {
        tags: ['admin'],
        summary:
          'Hide a review from the shop, with a reason (owner; audited); it leaves the product’s rating',
        params: ReviewParamsSchema,
        body: HideReviewBodySchema,
        response: { 200: AdminReviewReplySchema, ...readErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await moderateReview(
        app.db,
        id,
        { action: 'hide', reason: request.body.reason },
        staffActorOf(request),
      );
      return { message: reviewMessages.hidden, review: await viewOrThrow(id) };
    },
  );

  app.post(
    '/reviews/:id/publish',
    {
      preValidation: owner,
      schema: {
        tags: ['admin'],
        summary: 'Publish a new or hidden review (owner; audited)',
        params: ReviewParamsSchema,
        response: { 200: AdminReviewReplySchema, ...readErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await moderateReview(app.db, id, { action: 'publish' }, staffActorOf(request));
      return { message: reviewMessages.publishedByShop, review: await viewOrThrow(id) };
    },
  );

  app.put(
    '/reviews/:id/reply',
    {
      preValidation: owner,
      schema: {
        tags: ['admin'],
        summary: 'The brand’s public reply under a review; empty removes it (owner; audited)',
        params: ReviewParamsSchema,
        body: ReplyReviewBodySchema,
        response: { 200: AdminReviewReplySchema, ...readErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { text } = request.body;
      await moderateReview(app.db, id, { action: 'reply', text }, staffActorOf(request));
      return {
        message: text === '' ? reviewMessages.replyRemoved : reviewMessages.replied,
        review: await viewOrThrow(id),
      };
    },
  );

  app.get(
    '/review-settings',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary:
          'Review settings: publish at once or hold, and the days after delivery a review request waits',
        response: { 200: ReviewSettingsReplySchema, ...errorReplies(401, 403) },
      },
    },
    async () => ({ settings: await reviewSettingsView(app.db) }),
  );

  app.put(
    '/review-settings',
    {
      preValidation: owner,
      schema: {
        tags: ['admin'],
        summary: 'Replace the review settings (owner; audited)',
        body: ReviewSettingsBodySchema,
        response: { 200: ReviewSettingsReplySchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      await updateReviewSettings(app.db, request.body, staffActorOf(request));
      return { message: reviewMessages.settingsSaved, settings: await reviewSettingsView(app.db) };
    },
  );
};

export default adminReviewRoutes;
