import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductReviewsReply } from '../../../../contracts/reviews';
import { apiClient } from '../../../lib/api-client';
import { productReviewsKey } from './get-product-reviews';
import { reviewApiPaths } from './review-paths';

interface HelpfulReply {
  message: string;
  helpfulCount: number;
  votedHelpful: boolean;
}

/** docs/product.md#reviews: one "Helpful" vote per signed-in shopper and review; pressing again takes it back. */
export function voteHelpful(reviewId: string, helpful: boolean): Promise<HelpfulReply> {
  const path = reviewApiPaths.helpful(reviewId);
  return helpful ? apiClient.put<HelpfulReply>(path, {}) : apiClient.delete<HelpfulReply>(path);
}

export function useVoteHelpful(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, helpful }: { reviewId: string; helpful: boolean }) =>
      voteHelpful(reviewId, helpful),
    onSuccess: (reply, { reviewId }) => {
      // Every listed order of the product's reviews shows the new count at once.
      queryClient.setQueriesData<InfiniteData<ProductReviewsReply, number>>(
        { queryKey: productReviewsKey(productId) },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              reviews: page.reviews.map((review) =>
                review.reviewId === reviewId
                  ? { ...review, helpfulCount: reply.helpfulCount, votedHelpful: reply.votedHelpful }
                  : review,
              ),
            })),
          },
      );
    },
  });
}
