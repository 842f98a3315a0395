import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MyReviewsReply,
  NewReviewBody,
  OwnReview,
  ReviewBody,
  ReviewPhoto,
} from '../../../../contracts/reviews';
import { productReviewsKey } from './get-product-reviews';
import type { ReviewClient } from './review-author';
import { reviewApiPaths } from './review-paths';

/** The products the author bought (of the link's order, with a link), whether each may be reviewed, and their reviews. */
export function getMyReviews(client: ReviewClient, signal?: AbortSignal): Promise<MyReviewsReply> {
  return client.request<MyReviewsReply>('GET', reviewApiPaths.mine, { signal });
}

export const myReviewsKey = (linkToken: string | null) =>
  ['reviews', 'mine', linkToken ?? 'session'] as const;

export function useMyReviews(client: ReviewClient, linkToken: string | null, enabled = true) {
  return useQuery({
    queryKey: myReviewsKey(linkToken),
    queryFn: ({ signal }) => getMyReviews(client, signal),
    enabled,
  });
}

interface ReviewReply {
  message: string;
  review: OwnReview;
}

export function createReview(client: ReviewClient, body: NewReviewBody): Promise<ReviewReply> {
  return client.request<ReviewReply>('POST', reviewApiPaths.reviews, { body });
}

export function updateReview(client: ReviewClient, reviewId: string, body: ReviewBody): Promise<ReviewReply> {
  return client.request<ReviewReply>('PUT', reviewApiPaths.review(reviewId), { body });
}

export function deleteReview(client: ReviewClient, reviewId: string): Promise<{ message: string }> {
  return client.request<{ message: string }>('DELETE', reviewApiPaths.review(reviewId));
}

/** One photo, the file itself as the body (not JSON), added to a written review. */
export async function addReviewPhoto(
  client: ReviewClient,
  reviewId: string,
  file: File,
): Promise<ReviewPhoto> {
  return (
    await client.request<{ photo: ReviewPhoto }>('POST', reviewApiPaths.photos(reviewId), { body: file })
  ).photo;
}

export function removeReviewPhoto(
  client: ReviewClient,
  reviewId: string,
  photoId: string,
): Promise<{ message: string }> {
  return client.request<{ message: string }>('DELETE', reviewApiPaths.photo(reviewId, photoId));
}

export function optOutOfReviewRequests(client: ReviewClient): Promise<{ message: string }> {
  return client.request<{ message: string }>('POST', reviewApiPaths.optOut, { body: {} });
}

/** After a write: the author's list and the product's reviews (and its rating on the catalogue) are read again. */
export function useAfterReviewWrite(linkToken: string | null) {
  const queryClient = useQueryClient();
  return (productId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: myReviewsKey(linkToken) }),
      queryClient.invalidateQueries({ queryKey: productReviewsKey(String(productId)) }),
      queryClient.invalidateQueries({ queryKey: ['products'] }),
    ]);
}

export function useOptOut(client: ReviewClient) {
  return useMutation({ mutationFn: () => optOutOfReviewRequests(client) });
}
