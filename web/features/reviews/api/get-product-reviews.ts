import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ReviewSort } from '../../../../contracts/review-rules';
import type { ProductReviewsReply } from '../../../../contracts/reviews';
import { apiClient } from '../../../lib/api-client';
import { reviewApiPaths } from './review-paths';

/** The order the page first lists reviews in, and the one the server renders (docs/architecture.md#seo). */
export const FIRST_REVIEW_SORT: ReviewSort = 'photos';

/** One page of a product's published reviews, with its rating summary. */
export function getProductReviews(
  productId: string,
  sort: ReviewSort,
  page: number,
  signal?: AbortSignal,
): Promise<ProductReviewsReply> {
  return apiClient.get<ProductReviewsReply>(reviewApiPaths.productReviews(productId, sort, page), { signal });
}

export const productReviewsKey = (productId: string) => ['products', productId, 'reviews'] as const;

export function productReviewsQueryOptions(productId: string, sort: ReviewSort) {
  return infiniteQueryOptions({
    queryKey: [...productReviewsKey(productId), sort],
    queryFn: ({ pageParam, signal }) => getProductReviews(productId, sort, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: ProductReviewsReply) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    staleTime: 5 * 60_000,
  });
}

/** docs/architecture.md#pages-as-html: the server's first page of reviews, in the shape the list's query keeps. */
export function firstReviewsPage(reply: ProductReviewsReply): InfiniteData<ProductReviewsReply, number> {
  return { pages: [reply], pageParams: [reply.page] };
}

export function useProductReviews(productId: string, sort: ReviewSort, enabled: boolean) {
  return useInfiniteQuery({ ...productReviewsQueryOptions(productId, sort), enabled });
}
