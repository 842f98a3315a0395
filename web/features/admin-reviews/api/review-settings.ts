import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReviewSettingsBody, ReviewSettingsReplySchema } from '../../../../contracts/reviews';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { reviewKeys } from './review-keys';

// docs/product.md#review-settings: publish at once or hold, and the review request's days after delivery.

export type ReviewSettingsReply = z.infer<typeof ReviewSettingsReplySchema>;

export function useReviewSettings() {
  return useQuery({
    queryKey: reviewKeys.settings,
    queryFn: () => adminApi.get<ReviewSettingsReply>(adminApiPaths.reviewSettings),
  });
}

export function useUpdateReviewSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewSettingsBody) =>
      adminApi.put<ReviewSettingsReply>(adminApiPaths.reviewSettings, body),
    onSuccess: (reply) => queryClient.setQueryData(reviewKeys.settings, { settings: reply.settings }),
  });
}
