import './catalogue.css';

const MAX_RATING = 5;

export function ProductRating({ rating }: { rating: number }) {
  const filled = Math.max(0, Math.min(MAX_RATING, Math.round(rating)));
  return (
    <p className="rating">
      <span aria-hidden="true">
        <span className="rating__stars">{'★'.repeat(filled)}</span>
        <span className="rating__stars rating__stars--empty">{'★'.repeat(MAX_RATING - filled)}</span>
      </span>
      <span className="visually-hidden">Rated {rating} out of 5</span>
    </p>
  );
}
