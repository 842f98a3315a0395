import type { Product } from '../../../../contracts/catalogue';
import './catalogue.css';

const MAX_RATING = 5;

/**
 * docs/product.md#reviews: a product with published reviews shows their average (one decimal) and count, as
 * "★★★★☆ 4.3 (12)"; one without keeps the spec's rating. Small: every card of the home page carries it.
 */
export function ProductRating({
  product,
}: {
  product: Pick<Product, 'rating' | 'reviewCount' | 'averageRating'>;
}) {
  const count = product.reviewCount;
  const average = count ? product.averageRating : null;
  const filled = Math.max(0, Math.min(MAX_RATING, Math.round(average ?? product.rating)));
  return (
    <p className="rating">
      <span aria-hidden="true">
        <span className="rating__stars">{'★'.repeat(filled)}</span>
        <span className="rating__stars rating__stars--empty">{'★'.repeat(MAX_RATING - filled)}</span>
        {average != null && <span className="rating__count">{` ${average.toFixed(1)} (${count})`}</span>}
      </span>
      <span className="visually-hidden">
        {average != null
          ? `Rated ${average.toFixed(1)} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`
          : `Rated ${product.rating} out of 5`}
      </span>
    </p>
  );
}
