import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_IMAGE_BYTES } from '../../../contracts/admin-catalogue';
import { errorReplies } from '../../../contracts/http';
import { messages } from '../../../contracts/messages';
import {
  HelpfulReplySchema,
  MessageReplySchema,
  MyReviewsReplySchema,
  NewReviewBodySchema,
  ProductReviewsQuerySchema,
  ProductReviewsReplySchema,
  RatingSummarySchema,
  ReviewBodySchema,
  ReviewPhotoReplySchema,
  ReviewReplySchema,
  reviewMessages,
} from '../../../contracts/reviews';
import { AppError } from '../../errors';
import { findProduct } from '../../modules/catalogue/service';
import type { SpooledUpload } from '../../modules/product-images/image-store';
import { reviewEligibility, wasBought } from '../../modules/reviews/review-eligibility';
import {
  addReviewPhoto,
  checkReviewTakesPhoto,
  readReviewPhoto,
  removeReviewPhoto,
} from '../../modules/reviews/review-photos';
import {
  authorOfReviewLink,
  type ReviewAuthor,
  readReviewSettings,
} from '../../modules/reviews/review-records';
import { optOutOfReviewRequests } from '../../modules/reviews/review-requests';
import {
  listProductReviews,
  ownReviewOf,
  ownReviewsOf,
  ratingSummaryOf,
} from '../../modules/reviews/review-views';
import {
  createReview,
  deleteReview,
  reviewsOfAuthor,
  updateReview,
  voteHelpful,
  withdrawHelpful,
} from '../../modules/reviews/review-writer';
import { currentUserId, optionalUserId } from '../authentication';
import { privateImageReply, ReturnPhotoWidthSchema, sendPrivateImage } from '../private-image';
import { removeSpooledUpload, spoolUpload } from '../upload-spool';

// docs/product.md#reviews: the shop's side. Reading is for anyone; writing is for the verified buyer, signed in or
// holding the review link of one order (sent in the X-Review-Link header: a header a cross-site form cannot set).

/** The header that carries a review request's link token, instead of a session. */
export const REVIEW_LINK_HEADER = 'x-review-link';
/** docs/product.md#review-limits: writes (a review, an edit, a deletion) per author an hour. */
export const REVIEW_WRITES_PER_HOUR = 20;
const HOUR = 60 * 60_000;
const FIFTEEN_MINUTES = 15 * 60_000;

const ProductParamsSchema = z.object({ id: z.string().max(12) });
const ReviewParamsSchema = z.object({ reviewId: z.string().max(64) });
const PhotoParamsSchema = z.object({ reviewId: z.string().max(64), photoId: z.string().max(64) });
// A review photo has the same two files as a return photo.
const PhotoFileParamsSchema = z.object({ photoId: z.string().max(64), width: ReturnPhotoWidthSchema });
const LinkHeadersSchema = z.looseObject({
  [REVIEW_LINK_HEADER]: z
    .string()
    .max(200)
    .optional()
    .describe('A review link’s token, instead of signing in'),
});

const writeErrors = errorReplies(400, 401, 403, 404, 409, 422, 429);

const authors = new WeakMap<FastifyRequest, ReviewAuthor>();

function authorOf(request: FastifyRequest): ReviewAuthor {
  const author = authors.get(request);
  if (!author) throw new AppError('unauthorized', messages.unauthorized);
  return author;
}

/** A limit counted per key after the author is known; past it a 429 with Retry-After. */
function limiter(
  app: FastifyInstance,
  max: number,
  timeWindow: number,
  key: (request: FastifyRequest) => string,
) {
  const count = app.createRateLimit({ max, timeWindow, keyGenerator: key });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const counted = await count(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    reply.header('retry-after', counted.ttlInSeconds);
    throw new AppError('rate_limited', messages.tooManyRequests);
  };
}

const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The review link's shopper for its order, or the signed-in shopper for all their orders. */
  async function requireAuthor(request: FastifyRequest, reply: FastifyReply) {
    const token = request.headers[REVIEW_LINK_HEADER];
    if (typeof token === 'string' && token !== '') {
      const author = await authorOfReviewLink(app.db, token);
      if (!author) throw new AppError('unauthorized', reviewMessages.linkExpired);
      authors.set(request, author);
      return;
    }
    await app.requireUser(request, reply);
    authors.set(request, { userId: currentUserId(request), orderId: null });
  }
  const writeLimit = limiter(
    app,
    REVIEW_WRITES_PER_HOUR,
    HOUR,
    (request) => `review-write:${authorOf(request).userId}`,
  );
  const { perIp, perShopper } = app.config.photoUploadLimits;
  const photoPerIp = limiter(app, perIp, FIFTEEN_MINUTES, (request) => `review-photo-ip:${request.ip}`);
  const photoPerAuthor = limiter(
    app,
    perShopper,
    FIFTEEN_MINUTES,
    (request) => `review-photo-shopper:${authorOf(request).userId}`,
  );

  async function productOrThrow(idText: string) {
    const product = await findProduct(app.db, idText);
    if (!product) throw new AppError('not_found', reviewMessages.productNotFound);
    return product;
  }

  app.get(
    '/products/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary:
          "A product's published reviews, a page of 10 (photos first, newest or most helpful), with its rating",
        params: ProductParamsSchema,
        querystring: ProductReviewsQuerySchema,
        response: { 200: ProductReviewsReplySchema, ...errorReplies(400, 404) },
      },
    },
    async (request) => {
      const product = await productOrThrow(request.params.id);
      const { sort, page } = request.query;
      const [summary, listed] = await Promise.all([
        ratingSummaryOf(app.db, product.id, product.rating),
        listProductReviews(app.db, {
          productId: product.id,
          sort,
          page,
          readerUserId: await optionalUserId(app.db, request),
        }),
      ]);
      return { summary, sort, page, ...listed };
    },
  );

  app.get(
    '/products/:id/rating',
    {
      schema: {
        tags: ['reviews'],
        summary: "A product's rating: published reviews' count, average, distribution, and the earned rating",
        params: ProductParamsSchema,
        response: { 200: RatingSummarySchema, ...errorReplies(400, 404) },
      },
    },
    async (request) => {
      const product = await productOrThrow(request.params.id);
      return ratingSummaryOf(app.db, product.id, product.rating);
    },
  );

  app.get(
    '/reviews/photos/:photoId/:width',
    {
      schema: {
        tags: ['reviews'],
        summary:
          "A review photo (width 800, or 400): a published review's, or your own; the picture or a redirect",
        params: PhotoFileParamsSchema,
        response: { ...privateImageReply, ...errorReplies(400, 404) },
      },
    },
    async (request, reply) => {
      const { photoId, width } = request.params;
      const reader = { staff: false as const, userId: await optionalUserId(app.db, request) };
      const image = await readReviewPhoto(app.db, app.productImages, photoId, width, reader);
      if (!image) throw new AppError('not_found', reviewMessages.photoNotFound);
      return sendPrivateImage(reply, image);
    },
  );

  // The author's side: signed in, or with a review link.
  await app.register(async (own) => {
    own.addHook('preHandler', requireAuthor);
    const scoped = own.withTypeProvider<ZodTypeProvider>();

    scoped.get(
      '/reviews/mine',
      {
        schema: {
          tags: ['reviews'],
          summary:
            'The products you bought (with a review link: of its order), whether you may review each and why not, and your reviews',
          headers: LinkHeadersSchema,
          response: { 200: MyReviewsReplySchema, ...errorReplies(400, 401, 403) },
        },
      },
      async (request) => {
        const author = authorOf(request);
        const { lines, rows } = await reviewsOfAuthor(app.db, author);
        const views = await ownReviewsOf(app.db, rows);
        // Products of orders placed and standing: an abandoned checkout bought nothing to review.
        const productIds = [...new Set(lines.filter(wasBought).map((line) => line.productId))];
        return {
          orderId: author.orderId,
          products: productIds.map((productId) => {
            const ofProduct = lines.filter((line) => line.productId === productId);
            const eligibility = reviewEligibility(ofProduct);
            return {
              productId,
              title: ofProduct[0]?.title ?? '',
              canReview: eligibility.ok,
              refusal: eligibility.ok ? null : eligibility.refusal,
              message: eligibility.ok ? null : eligibility.message,
              review: views.find((view) => view.productId === productId) ?? null,
            };
          }),
        };
      },
    );

    scoped.post(
      '/reviews',
      {
        preHandler: writeLimit,
        schema: {
          tags: ['reviews'],
          summary:
            'Review a product you received (one review per product; published at once or held for the shop)',
          headers: LinkHeadersSchema,
          body: NewReviewBodySchema,
          response: { 201: ReviewReplySchema, ...writeErrors },
        },
      },
      async (request, reply) => {
        const settings = await readReviewSettings(app.db);
        const row = await createReview(app.db, app.jobs, authorOf(request), request.body, settings);
        const message = row.status === 'published' ? reviewMessages.published : reviewMessages.held;
        return reply.code(201).send({ message, review: await ownReviewOf(app.db, row) });
      },
    );

    scoped.put(
      '/reviews/:reviewId',
      {
        preHandler: writeLimit,
        schema: {
          tags: ['reviews'],
          summary:
            'Edit your review (held again for the shop when it holds reviews; a hidden one stays hidden)',
          headers: LinkHeadersSchema,
          params: ReviewParamsSchema,
          body: ReviewBodySchema,
          response: { 200: ReviewReplySchema, ...writeErrors },
        },
      },
      async (request) => {
        const settings = await readReviewSettings(app.db);
        const row = await updateReview(
          app.db,
          app.jobs,
          authorOf(request),
          request.params.reviewId,
          request.body,
          settings,
        );
        return { message: reviewMessages.updated, review: await ownReviewOf(app.db, row) };
      },
    );

    scoped.delete(
      '/reviews/:reviewId',
      {
        preHandler: writeLimit,
        schema: {
          tags: ['reviews'],
          summary: 'Delete your review, its photos and its votes',
          headers: LinkHeadersSchema,
          params: ReviewParamsSchema,
          response: { 200: MessageReplySchema, ...writeErrors },
        },
      },
      async (request) => {
        await deleteReview(app.db, authorOf(request), request.params.reviewId);
        return { message: reviewMessages.deleted };
      },
    );

    scoped.delete(
      '/reviews/:reviewId/photos/:photoId',
      {
        preHandler: writeLimit,
        schema: {
          tags: ['reviews'],
          summary: 'Remove a photo from your review',
          headers: LinkHeadersSchema,
          params: PhotoParamsSchema,
          response: { 200: MessageReplySchema, ...writeErrors },
        },
      },
      async (request) => {
        const { reviewId, photoId } = request.params;
        await removeReviewPhoto(app.db, authorOf(request), reviewId, photoId);
        return { message: reviewMessages.photoRemoved };
      },
    );

    scoped.post(
      '/reviews/opt-out',
      {
        schema: {
          tags: ['reviews'],
          summary: 'Ask for no more review requests',
          headers: LinkHeadersSchema,
          response: { 200: MessageReplySchema, ...errorReplies(400, 401, 403) },
        },
      },
      async (request) => {
        await optOutOfReviewRequests(app.db, authorOf(request).userId);
        return { message: reviewMessages.optedOut };
      },
    );
  });

  // The photo upload: the picture's bytes as the body, any content type (sharp decides), spooled to a temporary
  // file as it arrives and removed once the reply is sent (docs/architecture.md#upload-budget). Who sends it and
  // whether their review takes a photo are decided before the body is read.
  await app.register(async (uploads) => {
    uploads.addContentTypeParser('*', (request, body, done) => {
      spoolUpload(request, body, MAX_IMAGE_BYTES).then(
        (spooled) => done(null, spooled),
        (error: Error) => done(error, undefined),
      );
    });
    const takesPhoto = async (request: FastifyRequest) => {
      const { reviewId } = request.params as { reviewId: string };
      await checkReviewTakesPhoto(app.db, authorOf(request), reviewId);
    };

    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/reviews/:reviewId/photos',
      {
        onRequest: [photoPerIp, requireAuthor, photoPerAuthor, takesPhoto],
        onResponse: removeSpooledUpload,
        bodyLimit: MAX_IMAGE_BYTES,
        errorHandler: (error, _request, reply) => {
          if ((error as { code?: string }).code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
          return reply.code(413).send({ message: reviewMessages.photoTooLarge });
        },
        schema: {
          tags: ['reviews'],
          summary: `Add a photo to your review (the picture as the body: JPEG, PNG or WebP, at most 8 MB; up to 4)`,
          headers: LinkHeadersSchema,
          params: ReviewParamsSchema,
          response: { 201: ReviewPhotoReplySchema, ...errorReplies(400, 401, 403, 404, 413, 422, 429, 503) },
        },
      },
      async (request, reply) => {
        const upload = request.body as SpooledUpload | undefined;
        if (!upload?.path || upload.size === 0) throw new AppError('invalid', reviewMessages.photoNotAnImage);
        const photo = await addReviewPhoto(
          app.db,
          app.productImages,
          authorOf(request),
          request.params.reviewId,
          upload,
        );
        return reply.code(201).send({ message: reviewMessages.photoAdded, photo });
      },
    );
  });

  // "Helpful" votes: signed-in shoppers only, one each.
  await app.register(async (votes) => {
    votes.addHook('preHandler', app.requireUser);
    const scoped = votes.withTypeProvider<ZodTypeProvider>();
    const schema = (summary: string) => ({
      tags: ['reviews'],
      summary,
      params: ReviewParamsSchema,
      response: { 200: HelpfulReplySchema, ...errorReplies(400, 401, 403, 404, 422) },
    });
    scoped.put(
      '/reviews/:reviewId/helpful',
      { schema: schema('Vote a review helpful (once)') },
      async (request) => {
        const helpfulCount = await voteHelpful(app.db, currentUserId(request), request.params.reviewId);
        return { message: reviewMessages.voted, helpfulCount, votedHelpful: true };
      },
    );
    scoped.delete(
      '/reviews/:reviewId/helpful',
      { schema: schema('Take your "Helpful" vote back') },
      async (request) => {
        const helpfulCount = await withdrawHelpful(app.db, currentUserId(request), request.params.reviewId);
        return { message: reviewMessages.voteRemoved, helpfulCount, votedHelpful: false };
      },
    );
  });
};

export default reviewRoutes;
