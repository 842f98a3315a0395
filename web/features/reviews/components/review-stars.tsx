const MAX_STARS = 5;

/** Stars for a rating, read out as "Rated 4 out of 5". */
export function ReviewStars({ rating }: { rating: number }) {
  const filled = Math.max(0, Math.min(MAX_STARS, Math.round(rating)));
  return (
    <span className="review-stars">
      <span aria-hidden="true">
        <span className="review-stars__on">{'★'.repeat(filled)}</span>
        <span className="review-stars__off">{'★'.repeat(MAX_STARS - filled)}</span>
      </span>
      <span className="visually-hidden">Rated {rating} out of 5</span>
    </span>
  );
}

/** A review's day, in India's time on the server and in every browser alike (the page is hydrated). */
export function reviewDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });
}
