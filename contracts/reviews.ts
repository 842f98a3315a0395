import { z } from 'zod';
import {
  countLinks,
  MAX_HIDE_REASON_LENGTH,
  MAX_REQUEST_DELAY_DAYS,
  MAX_REVIEW_LINKS,
  MAX_REVIEW_RATING,
  MAX_REVIEW_REPLY_LENGTH,
  MAX_REVIEW_TEXT_LENGTH,
  MAX_REVIEW_TITLE_LENGTH,
  MIN_REQUEST_DELAY_DAYS,
  MIN_REVIEW_RATING,
  MIN_REVIEW_TEXT_LENGTH,
  reviewMessages,
  reviewRefusals,
  reviewSorts,
  reviewStatuses,
} from './review-rules';

export * from './review-rules';

// docs/product.md#reviews: the HTTP shapes of reviews, the shop's and the console's.

/** Plain text: control characters but line breaks dropped, ends trimmed. Never read as HTML anywhere. */
const plainText = (text: string) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/\r\n?/g, '\n')
    .trim();

const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const reviewFields = {
  rating: wholeNumber(reviewMessages.ratingRange, MIN_REVIEW_RATING, MAX_REVIEW_RATING),
  title: z
    .string({ error: reviewMessages.titleRequired })
    .transform(plainText)
    .pipe(
      z
        .string()
        .min(1, reviewMessages.titleRequired)
        .max(MAX_REVIEW_TITLE_LENGTH, reviewMessages.titleLength),
    ),
  text: z
    .string({ error: reviewMessages.textLength })
    .transform(plainText)
    .pipe(
      z
        .string()
        .min(MIN_REVIEW_TEXT_LENGTH, reviewMessages.textLength)
        .max(MAX_REVIEW_TEXT_LENGTH, reviewMessages.textLength),
    ),
  showNameAndCity: z.boolean({ error: reviewMessages.showNameChoice }),
};

/** docs/product.md#review-limits: no web links in the title or the text. */
function refuseLinks(body: { title: string; text: string }, context: z.RefinementCtx) {
  if (countLinks(`${body.title}\n${body.text}`) > MAX_REVIEW_LINKS) {
    context.addIssue({ code: 'custom', path: ['text'], message: reviewMessages.noLinks });
  }
}

/** An edit of one's review. */
export const ReviewBodySchema = z.object(reviewFields).strict().superRefine(refuseLinks);
export type ReviewBody = z.infer<typeof ReviewBodySchema>;

/** A new review of a product. */
export const NewReviewBodySchema = z
  .object({
    // docs/product.md#entities: a product id may come as a digit string.
    productId: z.coerce
      .number({ error: reviewMessages.productNotFound })
      .int(reviewMessages.productNotFound)
      .positive(reviewMessages.productNotFound)
      .max(999_999_999, reviewMessages.productNotFound),
    ...reviewFields,
  })
  .strict()
  .superRefine(refuseLinks);
export type NewReviewBody = z.infer<typeof NewReviewBodySchema>;

export const ReviewStatusSchema = z.enum(reviewStatuses);

/** A review photo's two files (docs/architecture.md#review-photos). */
export const REVIEW_PHOTO_WIDTHS = [400, 800] as const;
export type ReviewPhotoWidth = (typeof REVIEW_PHOTO_WIDTHS)[number];

/** Where a review photo is read: the shop's route (a published review's, or the author's own) or the console's. */
export const reviewPhotoPaths = {
  shop: (photoId: string, width: ReviewPhotoWidth) => `/api/reviews/photos/${photoId}/${width}`,
  staff: (photoId: string, width: ReviewPhotoWidth) => `/api/admin/review-photos/${photoId}/${width}`,
};

export const ReviewPhotoSchema = z.object({ photoId: z.string(), url: z.string(), thumbnailUrl: z.string() });
export type ReviewPhoto = z.infer<typeof ReviewPhotoSchema>;

export const BrandReplySchema = z.object({ text: z.string(), at: z.string() });

/** A review as the product page shows it. Plain text: pages render it as text, never as HTML. */
export const PublicReviewSchema = z
  .object({
    reviewId: z.string(),
    productId: z.number().int(),
    rating: z.number().int().min(1).max(5),
    title: z.string(),
    text: z.string(),
    author: z.string().describe("The shopper's first name, or 'A verified buyer' without their consent"),
    city: z.string().nullable().describe('Only with the shopper’s consent'),
    verifiedBuyer: z.literal(true),
    photos: z.array(ReviewPhotoSchema),
    helpfulCount: z.number().int(),
    votedHelpful: z.boolean().describe('Whether the signed-in reader voted for it'),
    reply: BrandReplySchema.nullable(),
    createdAt: z.string(),
    editedAt: z.string().nullable(),
  })
  .meta({ id: 'PublicReview' });
export type PublicReview = z.infer<typeof PublicReviewSchema>;

export const RatingSummarySchema = z
  .object({
    productId: z.number().int(),
    count: z.number().int().describe('Published reviews'),
    average: z.number().nullable().describe('Their average to one decimal; null without reviews'),
    distribution: z
      .object({
        1: z.number().int(),
        2: z.number().int(),
        3: z.number().int(),
        4: z.number().int(),
        5: z.number().int(),
      })
      .describe('Published reviews by stars'),
    earnedRating: z
      .number()
      .describe("Bayesian average with the spec's rating as a prior (docs/product.md#earned-rating); sorts"),
  })
  .meta({ id: 'RatingSummary' });
export type RatingSummary = z.infer<typeof RatingSummarySchema>;

export const ProductReviewsQuerySchema = z.object({
  sort: z.enum(reviewSorts).default('photos'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

export const ProductReviewsReplySchema = z.object({
  summary: RatingSummarySchema,
  sort: z.enum(reviewSorts),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  reviews: z.array(PublicReviewSchema),
});
export type ProductReviewsReply = z.infer<typeof ProductReviewsReplySchema>;

/** The author's own review, whatever its status. */
export const OwnReviewSchema = PublicReviewSchema.omit({ votedHelpful: true })
  .extend({
    status: ReviewStatusSchema,
    hiddenReason: z.string().nullable(),
    showNameAndCity: z.boolean(),
    orderId: z.string(),
  })
  .meta({ id: 'OwnReview' });
export type OwnReview = z.infer<typeof OwnReviewSchema>;

export const ReviewReplySchema = z.object({ message: z.string(), review: OwnReviewSchema });
export const MessageReplySchema = z.object({ message: z.string() });

/** A product the author bought, with whether they may review it (and why not) and their review of it. */
export const ReviewableProductSchema = z.object({
  productId: z.number().int(),
  title: z.string(),
  canReview: z.boolean(),
  refusal: z.enum(reviewRefusals).nullable(),
  message: z.string().nullable().describe('Why not, in the words shown'),
  review: OwnReviewSchema.nullable(),
});

export const MyReviewsReplySchema = z.object({
  /** Set when the request came with a review link: the one order it is for. */
  orderId: z.string().nullable(),
  products: z.array(ReviewableProductSchema),
});
export type MyReviewsReply = z.infer<typeof MyReviewsReplySchema>;

export const ReviewPhotoReplySchema = z.object({ message: z.string(), photo: ReviewPhotoSchema });
export const HelpfulReplySchema = z.object({
  message: z.string(),
  helpfulCount: z.number().int(),
  votedHelpful: z.boolean(),
});

// The console.

export const AdminReviewSchema = OwnReviewSchema.extend({
  productTitle: z.string(),
  orderNumber: z.string(),
  customer: z.object({ userId: z.string(), name: z.string(), email: z.string().nullable() }),
  hiddenAt: z.string().nullable(),
}).meta({ id: 'AdminReview' });
export type AdminReview = z.infer<typeof AdminReviewSchema>;

export const AdminReviewsQuerySchema = z.object({
  status: ReviewStatusSchema.optional(),
  productId: z.coerce.number().int().positive().max(999_999_999).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const AdminReviewsReplySchema = z.object({
  reviews: z.array(AdminReviewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  counts: z.object({ published: z.number().int(), pending: z.number().int(), hidden: z.number().int() }),
});

export const HideReviewBodySchema = z
  .object({
    reason: z
      .string({ error: reviewMessages.hideReasonRequired })
      .transform(plainText)
      .pipe(
        z
          .string()
          .min(1, reviewMessages.hideReasonRequired)
          .max(MAX_HIDE_REASON_LENGTH, reviewMessages.hideReasonRequired),
      ),
  })
  .strict();

export const ReplyReviewBodySchema = z
  .object({
    text: z
      .string({ error: reviewMessages.replyLength })
      .transform(plainText)
      .pipe(z.string().max(MAX_REVIEW_REPLY_LENGTH, reviewMessages.replyLength))
      .describe('The brand’s public reply; empty removes it'),
  })
  .strict();

export const AdminReviewReplySchema = z.object({ message: z.string(), review: AdminReviewSchema });

export const ReviewSettingsBodySchema = z
  .object({
    autoPublish: z.boolean({ error: reviewMessages.autoPublishChoice }),
    requestDelayDays: wholeNumber(reviewMessages.delayRange, MIN_REQUEST_DELAY_DAYS, MAX_REQUEST_DELAY_DAYS),
  })
  .strict();
export type ReviewSettingsBody = z.infer<typeof ReviewSettingsBodySchema>;

export const ReviewSettingsViewSchema = z
  .object({
    autoPublish: z.boolean(),
    requestDelayDays: z.number().int(),
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable(),
  })
  .meta({ id: 'ReviewSettings' });

export const ReviewSettingsReplySchema = z.object({
  message: z.string().optional(),
  settings: ReviewSettingsViewSchema,
});
