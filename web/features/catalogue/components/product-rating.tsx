import type { Product } from '../../../../contracts/catalogue';
import './catalogue.css';

const MAX_RATING = 5;

type Rated = Pick<Product, 'rating' | 'reviewCount' | 'averageRating'>;

/**
 * docs/product.md#reviews: a product with published reviews shows their average (one decimal) and count, as
 * "★★★★☆ 4.3 (12)"; one without keeps the spec's rating. Kept small: every card of the home page carries it.
 */
export function ProductRating({
  product: { rating, reviewCount: count, averageRating },
}: {
  product: Rated;
}) {
  const average = count ? averageRating?.toFixed(1) : undefined;
  const filled = Math.round(Number(average ?? rating));
  return (
    <p className="rating">
      <span aria-hidden="true">
        <span className="rating__stars">{'★'.repeat(filled)}</span>
        <span className="rating__stars rating__stars--empty">{'★'.repeat(MAX_RATING - filled)}</span>
        {average && <span className="rating__count">{` ${average} (${count})`}</span>}
      </span>
      <span className="visually-hidden">
        Rated {average ?? rating} out of 5{average && ` from ${count} review${count === 1 ? '' : 's'}`}
      </span>
    </p>
  );
}
