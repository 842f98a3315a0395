import type { MyReviewsReply, OwnReview, ProductReviewsReply, PublicReview } from '../../contracts/reviews';

// Factories of the review replies, with overrides (docs/operations.md#tests: no shared mutable fixtures).

export function aPublicReview(
  overrides: Partial<PublicReview> & Pick<PublicReview, 'reviewId'>,
): PublicReview {
  return {
    productId: 1,
    rating: 4,
    title: 'Soft and thorough',
    text: 'My skin feels smoother after a week.',
    author: 'Asha',
    city: 'Pune',
    verifiedBuyer: true,
    photos: [],
    helpfulCount: 0,
    votedHelpful: false,
    reply: null,
    createdAt: '2026-11-20T06:30:00.000Z',
    editedAt: null,
    ...overrides,
  };
}

export function aReviewsReply(
  reviews: PublicReview[],
  overrides: Partial<ProductReviewsReply> = {},
): ProductReviewsReply {
  return {
    summary: {
      productId: 1,
      count: 12,
      average: 4.3,
      distribution: { 1: 1, 2: 0, 3: 1, 4: 4, 5: 6 },
      earnedRating: 4.2,
    },
    sort: 'photos',
    page: 1,
    pageSize: 10,
    total: reviews.length,
    reviews,
    ...overrides,
  };
}

export function anOwnReview(overrides: Partial<OwnReview> = {}): OwnReview {
  const { votedHelpful: _voted, ...review } = aPublicReview({ reviewId: 'r-own' });
  return {
    ...review,
    status: 'published',
    hiddenReason: null,
    showNameAndCity: true,
    orderId: 'order-1',
    ...overrides,
  };
}

export function aMyReviewsReply(
  products: Partial<MyReviewsReply['products'][number]>[] = [{}],
): MyReviewsReply {
  return {
    orderId: 'order-1',
    products: products.map((product, index) => ({
      productId: index + 1,
      title: `Mitt ${index + 1}`,
      canReview: true,
      refusal: null,
      message: null,
      review: null,
      ...product,
    })),
  };
}
