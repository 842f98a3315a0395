import type { Product } from '../../../../contracts/catalogue';
import { ReviewList } from './review-list';
import { ReviewStars } from './review-stars';
import './reviews.css';

function reviewCountText(count: number): string {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}

/**
 * docs/product.md#reviews: under the product, the average and count of its published reviews, then the
 * distribution and the reviews themselves.
 */
export function ProductReviews({ product }: { product: Product }) {
  const count = product.reviewCount ?? 0;
  const average = product.averageRating ?? null;
  return (
    <section id="reviews" className="product-reviews container" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Customer Reviews</h2>
      {count === 0 || average === null ? (
        <p className="product-reviews__none">
          No reviews yet. Reviews come only from shoppers who received this product.
        </p>
      ) : (
        <>
          <p className="product-reviews__average">
            <span aria-hidden="true">
              <ReviewStars rating={Math.round(average)} />
            </span>
            <strong>{average.toFixed(1)} out of 5</strong>
            <span>{reviewCountText(count)}</span>
          </p>
          <ReviewList productId={String(product.id)} />
        </>
      )}
    </section>
  );
}
