import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminReviewReplySchema } from '../../../../contracts/reviews';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { reviewKeys } from './review-keys';

export type AdminReviewReply = z.infer<typeof AdminReviewReplySchema>;

export type Moderation =
  | { action: 'publish' }
  | { action: 'hide'; reason: string }
  | { action: 'reply'; text: string };

function send(reviewId: string, change: Moderation) {
  switch (change.action) {
    case 'publish':
      return adminApi.post<AdminReviewReply>(adminApiPaths.reviewAction(reviewId, 'publish'));
    case 'hide':
      return adminApi.post<AdminReviewReply>(adminApiPaths.reviewAction(reviewId, 'hide'), {
        reason: change.reason,
      });
    case 'reply':
      return adminApi.put<AdminReviewReply>(adminApiPaths.reviewAction(reviewId, 'reply'), {
        text: change.text,
      });
  }
}

/**
 * docs/product.md#reviews-console: publish, hide with a reason, or reply to one review (owners). The lists, their
 * counts and the dashboard's count of new reviews follow.
 */
export function useModerateReview(reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Moderation) => send(reviewId, change),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      // The dashboard's count of new reviews, and its Needs attention: hiding or replying settles a low
      // rating's flag (docs/product.md#reviews). The orders feature's keys, spelt out: features stay apart.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders', 'dashboard'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders', 'attention'] });
    },
  });
}
