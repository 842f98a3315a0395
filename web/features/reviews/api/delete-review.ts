import type { ReviewClient } from './review-author';
import { reviewApiPaths } from './review-paths';

/** Deletes the author's review, its photos and its votes. */
export function deleteReview(client: ReviewClient, reviewId: string): Promise<{ message: string }> {
  return client.request<{ message: string }>('DELETE', reviewApiPaths.review(reviewId));
}
