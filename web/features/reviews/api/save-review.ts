import type { NewReviewBody, OwnReview, ReviewBody } from '../../../../contracts/reviews';
import type { ReviewClient } from './review-author';
import { reviewApiPaths } from './review-paths';

interface ReviewReply {
  message: string;
  review: OwnReview;
}

/** A new review of a product the author received. */
export function createReview(client: ReviewClient, body: NewReviewBody): Promise<ReviewReply> {
  return client.request<ReviewReply>('POST', reviewApiPaths.reviews, { body });
}

/** An edit of the author's review. */
export function updateReview(client: ReviewClient, reviewId: string, body: ReviewBody): Promise<ReviewReply> {
  return client.request<ReviewReply>('PUT', reviewApiPaths.review(reviewId), { body });
}
