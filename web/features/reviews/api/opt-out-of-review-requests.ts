import { useMutation } from '@tanstack/react-query';
import type { ReviewClient } from './review-author';
import { reviewApiPaths } from './review-paths';

/** docs/product.md#review-requests: no more review requests for the link's shopper. */
export function optOutOfReviewRequests(client: ReviewClient): Promise<{ message: string }> {
  return client.request<{ message: string }>('POST', reviewApiPaths.optOut, { body: {} });
}

export function useOptOut(client: ReviewClient) {
  return useMutation({ mutationFn: () => optOutOfReviewRequests(client) });
}
