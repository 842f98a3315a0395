import type { AdminReview } from '../../contracts/reviews';

// docs/product.md#reviews-console: reviews as the console's API answers them, for component tests.

let made = 0;

/** A published 4-star review with one photo and no reply; overrides change any part. */
export function anAdminReview(overrides: Partial<AdminReview> = {}): AdminReview {
  made += 1;
  const reviewId = `review-${made}`;
  return {
    reviewId,
    productId: 3,
    productTitle: 'Ottoman Silk Bath Mitten, Sand',
    rating: 4,
    title: 'Soft and it works',
    text: 'My skin feels smoother after a week.\nThe mitten dries fast.',
    author: 'Asha',
    city: 'Pune',
    verifiedBuyer: true,
    photos: [
      {
        photoId: `photo-${made}`,
        url: `/api/admin/review-photos/photo-${made}/800`,
        thumbnailUrl: `/api/admin/review-photos/photo-${made}/400`,
      },
    ],
    helpfulCount: 2,
    reply: null,
    createdAt: '2026-11-20T05:30:00.000Z',
    editedAt: null,
    status: 'published',
    hiddenReason: null,
    showNameAndCity: true,
    orderId: `order-${made}`,
    orderNumber: `OM-2026-0000${made}`,
    customer: { userId: `user-${made}`, name: 'Asha Verma', email: 'asha.verma@example.in' },
    hiddenAt: null,
    ...overrides,
  };
}

/** The list's reply: the reviews given, one page, with counts of each status. */
export function reviewsReply(
  reviews: AdminReview[],
  counts: { published: number; pending: number; hidden: number } = {
    published: reviews.filter((review) => review.status === 'published').length,
    pending: reviews.filter((review) => review.status === 'pending').length,
    hidden: reviews.filter((review) => review.status === 'hidden').length,
  },
) {
  return { reviews, page: 1, pageSize: 25, total: reviews.length, counts };
}
