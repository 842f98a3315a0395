// docs/product.md#reviews: the rules and words of reviews without zod, so a page that only shows stars (a card,
// the product page's summary) does not bring the form's schemas into its chunk. contracts/reviews.ts re-exports
// them with the HTTP shapes.

export const MIN_REVIEW_RATING = 1;
export const MAX_REVIEW_RATING = 5;
export const MAX_REVIEW_TITLE_LENGTH = 100;
export const MIN_REVIEW_TEXT_LENGTH = 10;
export const MAX_REVIEW_TEXT_LENGTH = 2000;
export const MAX_REVIEW_PHOTOS = 4;
/** Web links a review's title and text may carry together: none (what a link adds to a review is spam). */
export const MAX_REVIEW_LINKS = 0;
export const MAX_HIDE_REASON_LENGTH = 300;
export const MAX_REVIEW_REPLY_LENGTH = 1000;
/** A product's published reviews, a page at a time. */
export const REVIEWS_PAGE_SIZE = 10;
/** How long the link in a review request works. */
export const REVIEW_LINK_DAYS = 30;

/**
 * docs/product.md#earned-rating: the spec's rating of a product counts as this many reviews in its earned rating.
 */
export const RATING_PRIOR_WEIGHT = 3;

/** docs/product.md#reviews: a review of this many stars or fewer raises "Needs attention" on its order. */
export const LOW_RATING = 2;

export const reviewStatuses = ['published', 'pending', 'hidden'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

export const reviewStatusLabels: Record<ReviewStatus, string> = {
  published: 'Published',
  pending: 'New',
  hidden: 'Hidden',
};

/** The orders a product's reviews are listed in. */
export const reviewSorts = ['photos', 'newest', 'helpful'] as const;
export type ReviewSort = (typeof reviewSorts)[number];

export const reviewSortLabels: Record<ReviewSort, string> = {
  photos: 'With photos first',
  newest: 'Newest first',
  helpful: 'Most helpful first',
};

/** The owner's settings, and their defaults until the console saves them. */
export interface ReviewSettings {
  /** Publish a review at once (true), or hold it for the owner to publish. */
  autoPublish: boolean;
  /** Days after delivery the review request is sent. */
  requestDelayDays: number;
}

export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = { autoPublish: true, requestDelayDays: 5 };
export const MIN_REQUEST_DELAY_DAYS = 1;
export const MAX_REQUEST_DELAY_DAYS = 60;

/** Why a shopper may not review a product (docs/product.md#review-eligibility). */
export const reviewRefusals = ['not_bought', 'not_delivered', 'refunded'] as const;
export type ReviewRefusal = (typeof reviewRefusals)[number];

export const reviewRefusalMessages: Record<ReviewRefusal, string> = {
  not_bought: 'Only shoppers who bought this product can review it.',
  not_delivered: 'You can review this product once your order has been delivered.',
  refunded: 'You returned this product for a refund, so it cannot be reviewed.',
};

export const reviewMessages = {
  published: 'Thank you! Your review is published.',
  held: 'Thank you! Your review will appear once the shop has read it.',
  updated: 'Your review is updated.',
  deleted: 'Your review is deleted.',
  alreadyReviewed: 'You have already reviewed this product: you can edit your review instead.',
  notFound: 'Review not found.',
  productNotFound: 'Product not found',
  ratingRange: 'Please choose from 1 to 5 stars.',
  titleRequired: 'Please give your review a title.',
  titleLength: `Please keep the title to ${MAX_REVIEW_TITLE_LENGTH} characters.`,
  textLength: `Please write from ${MIN_REVIEW_TEXT_LENGTH} to ${MAX_REVIEW_TEXT_LENGTH} characters.`,
  noLinks: 'Please leave web links out of your review.',
  showNameChoice: 'showNameAndCity must be true or false',
  tooManyPhotos: `A review can have up to ${MAX_REVIEW_PHOTOS} photos.`,
  photoAdded: 'Photo added.',
  photoRemoved: 'Photo removed.',
  photoNotFound: 'Photo not found.',
  photoNotAnImage: 'Please send a JPEG, PNG or WebP photo.',
  photoTooLarge: 'That photo is too large: please send one of at most 8 MB.',
  photoTooManyPixels: 'That photo is too large: please send one of at most 50 megapixels.',
  photoTooSlow: 'That photo took too long to read: please send a smaller one.',
  linkExpired: 'This review link has expired or is not valid. Please sign in to review from My Orders.',
  notInLinkOrder: 'This review link is for another order.',
  voted: 'Thank you for your vote.',
  voteRemoved: 'Your vote is removed.',
  ownReview: 'You cannot vote for your own review.',
  optedOut: 'We will not ask you for reviews again.',
  // The console's.
  hidden: 'Review hidden.',
  publishedByShop: 'Review published.',
  replied: 'Reply published.',
  replyRemoved: 'Reply removed.',
  hideReasonRequired: `Please give a reason for hiding the review (at most ${MAX_HIDE_REASON_LENGTH} characters).`,
  replyLength: `Please keep the reply to ${MAX_REVIEW_REPLY_LENGTH} characters.`,
  settingsSaved: 'Review settings saved.',
  autoPublishChoice: 'autoPublish must be true or false',
  delayRange: `Please give the days after delivery as a whole number from ${MIN_REQUEST_DELAY_DAYS} to ${MAX_REQUEST_DELAY_DAYS}.`,
} as const;

/** Shown beside every review: true by construction (docs/product.md#reviews). */
export const VERIFIED_BUYER_LABEL = 'Verified buyer';

// Anything a browser or a messaging app would make a link of: a scheme, www., or a bare domain with a common
// top-level name.
const LINK =
  /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|in|net|org|co|io|ly|me|info|biz|xyz|shop|store|link|site|app)\b(?:\/\S*)?/gi;

/** The web links in a text, counted as the review limit counts them. */
export function countLinks(text: string): number {
  return text.match(LINK)?.length ?? 0;
}

/** The path of the page a review request's link opens (the form, signed for one order). */
export function reviewLinkPath(token: string): string {
  return `/review?token=${encodeURIComponent(token)}`;
}

/** The same page, asked to stop review requests (it calls the opt-out with the link's token). */
export function reviewOptOutPath(token: string): string {
  return `${reviewLinkPath(token)}&stop=1`;
}

/** One decimal, as a shopper reads an average ("4.6"); a product with no reviews has none. */
export function roundedAverage(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum / count) * 10) / 10;
}

/**
 * docs/product.md#earned-rating: a Bayesian average of the product's published reviews, with the spec's rating of
 * the product (`priorRating`) counted as RATING_PRIOR_WEIGHT reviews:
 *
 *   earned = (priorRating × weight + sum of stars) / (weight + count)
 *
 * With no reviews it is the spec's rating, so the spec's order of the catalogue is kept until reviews come; each
 * review moves it by at most 4 / (weight + count) stars, so once real reviews outnumber the prior they decide it.
 * Not rounded: it sorts; the page shows `roundedAverage`.
 */
export function earnedRating(
  priorRating: number,
  stars: { count: number; sum: number },
  weight = RATING_PRIOR_WEIGHT,
): number {
  return (priorRating * weight + stars.sum) / (weight + stars.count);
}

/** docs/product.md#review-requests: the e-mail asking for a review ({order}, {products}, {link}, {optOut}). */
export const reviewRequestEmail = {
  subject: 'How are your mittens? ({order})',
  text:
    'Your order {order} ({products}) reached you a few days ago. How do you find it?\n\n' +
    'Rate it and tell other shoppers in a minute, with a photo if you like (no sign-in needed): {link}\n\n' +
    'Not for you? We will not ask again: {optOut}',
};
