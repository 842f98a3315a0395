import type { ReviewPhoto } from '../../../../contracts/reviews';
import type { ReviewClient } from './review-author';
import { reviewApiPaths } from './review-paths';

/** One photo, the file itself as the body (not JSON), added to a written review. */
export async function addReviewPhoto(
  client: ReviewClient,
  reviewId: string,
  file: File,
): Promise<ReviewPhoto> {
  const reply = await client.request<{ photo: ReviewPhoto }>('POST', reviewApiPaths.photos(reviewId), {
    body: file,
  });
  return reply.photo;
}

export function removeReviewPhoto(
  client: ReviewClient,
  reviewId: string,
  photoId: string,
): Promise<{ message: string }> {
  return client.request<{ message: string }>('DELETE', reviewApiPaths.photo(reviewId, photoId));
}
