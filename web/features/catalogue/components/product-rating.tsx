import type { Product } from '../../../../contracts/catalogue';
import './catalogue.css';

const MAX_RATING = 5;

type Rated = Pick<Product, 'rating' | 'reviewCount' | 'averageRating'>;

/** "12 reviews", "1 review". */
export function reviewCountText(count: number): string {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}

/**
 * docs/product.md#reviews: a product with published reviews shows their average (one decimal) and count; one
 * without keeps the spec's rating. `reviewsHref` links the count to the page's reviews.
 */
export function ProductRating({ product, reviewsHref }: { product: Rated; reviewsHref?: string }) {
  const count = product.reviewCount ?? 0;
  const average = count > 0 ? (product.averageRating ?? null) : null;
  const shown = average ?? product.rating;
  const filled = Math.max(0, Math.min(MAX_RATING, Math.round(shown)));
  const stars = (
    <span aria-hidden="true">
      <span className="rating__stars">{'★'.repeat(filled)}</span>
      <span className="rating__stars rating__stars--empty">{'★'.repeat(MAX_RATING - filled)}</span>
    </span>
  );
  if (average === null) {
    return (
      <p className="rating">
        {stars}
        <span className="visually-hidden">Rated {product.rating} out of 5</span>
      </p>
    );
  }
  const label = `Rated ${average.toFixed(1)} out of 5 from ${reviewCountText(count)}`;
  return (
    <p className="rating">
      {stars}{' '}
      <span className="rating__average" aria-hidden="true">
        {average.toFixed(1)}
      </span>{' '}
      {reviewsHref ? (
        <>
          <span className="visually-hidden">{`Rated ${average.toFixed(1)} out of 5 from `}</span>
          <a className="rating__count" href={reviewsHref}>
            {reviewCountText(count)}
          </a>
        </>
      ) : (
        <>
          <span className="rating__count" aria-hidden="true">
            ({count})
          </span>
          <span className="visually-hidden">{label}</span>
        </>
      )}
    </p>
  );
}
