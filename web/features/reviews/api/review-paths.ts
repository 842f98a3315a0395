/** The review calls of docs/product.md#reviews, relative to the API base. */
export const reviewApiPaths = {
  productReviews: (productId: number | string, sort: string, page: number) =>
    `/products/${encodeURIComponent(String(productId))}/reviews?sort=${sort}&page=${page}`,
  mine: '/reviews/mine',
  reviews: '/reviews',
  review: (reviewId: string) => `/reviews/${encodeURIComponent(reviewId)}`,
  photos: (reviewId: string) => `/reviews/${encodeURIComponent(reviewId)}/photos`,
  photo: (reviewId: string, photoId: string) =>
    `/reviews/${encodeURIComponent(reviewId)}/photos/${encodeURIComponent(photoId)}`,
  helpful: (reviewId: string) => `/reviews/${encodeURIComponent(reviewId)}/helpful`,
  optOut: '/reviews/opt-out',
} as const;
