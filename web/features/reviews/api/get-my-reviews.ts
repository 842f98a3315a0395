import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyReviewsReply } from '../../../../contracts/reviews';
import { productReviewsKey } from './get-product-reviews';
import type { ReviewClient } from './review-author';
import { reviewApiPaths } from './review-paths';

/** The products the author bought (of the link's order, with a link), whether each may be reviewed, and their reviews. */
export function getMyReviews(client: ReviewClient, signal?: AbortSignal): Promise<MyReviewsReply> {
  return client.request<MyReviewsReply>('GET', reviewApiPaths.mine, { signal });
}

export const myReviewsKey = (linkToken: string | null) =>
  ['reviews', 'mine', linkToken ?? 'session'] as const;

export function useMyReviews(client: ReviewClient, linkToken: string | null) {
  return useQuery({
    queryKey: myReviewsKey(linkToken),
    queryFn: ({ signal }) => getMyReviews(client, signal),
  });
}

/** After a write: the author's list and the product's reviews (and its rating in the catalogue) are read again. */
export function useAfterReviewWrite(linkToken: string | null) {
  const queryClient = useQueryClient();
  return (productId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: myReviewsKey(linkToken) }),
      queryClient.invalidateQueries({ queryKey: productReviewsKey(String(productId)) }),
      queryClient.invalidateQueries({ queryKey: ['products'] }),
    ]);
}
