import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminReviewsReplySchema, ReviewStatus } from '../../../../contracts/reviews';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { reviewKeys } from './review-keys';

export type AdminReviewsReply = z.infer<typeof AdminReviewsReplySchema>;

/** docs/product.md#reviews-console: reviews newest first, by status (every status without one), 25 a page. */
export function useAdminReviews(status: ReviewStatus | undefined, page: number) {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (page > 1) params.set('page', String(page));
  return useQuery({
    queryKey: reviewKeys.list(status ?? 'all', page),
    queryFn: () => adminApi.get<AdminReviewsReply>(adminApiPaths.reviews(params.toString())),
    // A tab's counts stay on screen while the next tab loads.
    placeholderData: keepPreviousData,
  });
}
