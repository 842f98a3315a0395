import { Link } from '../../../lib/router';
import { reviewsPath } from './review-filters';

/**
 * The dashboard's count of new reviews (held for the owner: docs/product.md#reviews-console), linking to the
 * Reviews page's New tab. The count is the dashboard's own (`newReviews`), passed in by the page.
 */
export function NewReviewsCard({ newReviews }: { newReviews: number | undefined }) {
  if (newReviews === undefined) return null;
  return (
    <section className="admin-stat" aria-labelledby="new-reviews-heading">
      <h2 id="new-reviews-heading">Reviews</h2>
      <p>
        <Link to={reviewsPath({ status: 'pending', page: 1 })}>
          {newReviews === 1 ? '1 new review' : `${newReviews} new reviews`}
        </Link>
      </p>
    </section>
  );
}
