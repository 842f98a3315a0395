import { type ReviewStatus, reviewStatusLabels } from '../../../../contracts/reviews';
import { StatusMessage } from '../../../components/status-message';
import { Link } from '../../../lib/router';
import { type AdminReviewsReply, useAdminReviews } from '../api/get-admin-reviews';
import { ReviewActions } from './review-actions';
import { ReviewCard } from './review-card';
import { type ReviewFilters, reviewsPath } from './review-filters';
import './reviews.css';

// New first: the tab the owner works from when reviews are held for approval.
const tabStatuses: ReviewStatus[] = ['pending', 'published', 'hidden'];

function tabLabel(status: ReviewStatus | undefined, counts: AdminReviewsReply['counts'] | undefined) {
  if (!status) {
    return counts ? `All (${counts.pending + counts.published + counts.hidden})` : 'All';
  }
  return counts ? `${reviewStatusLabels[status]} (${counts[status]})` : reviewStatusLabels[status];
}

const emptyTexts: Record<ReviewStatus | 'all', string> = {
  all: 'No reviews yet.',
  pending: 'No new reviews to read.',
  published: 'No published reviews.',
  hidden: 'No hidden reviews.',
};

/**
 * docs/product.md#reviews-console: tabs by status with their counts (links, so the URL keeps the tab), the
 * reviews newest first as cards, a page at a time. Owners act on each; support reads.
 */
export function ReviewsList({
  filters,
  canAct,
  onDone,
}: {
  filters: ReviewFilters;
  canAct: boolean;
  onDone: (message: string) => void;
}) {
  const list = useAdminReviews(filters.status, filters.page);
  const counts = list.data?.counts;
  const reviews = list.data?.reviews ?? [];
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  return (
    <>
      <nav aria-label="Filter by status" className="admin-review-tabs">
        <ul>
          {[undefined, ...tabStatuses].map((status) => (
            <li key={status ?? 'all'}>
              <Link
                to={reviewsPath({ status, page: 1 })}
                aria-current={status === filters.status ? 'page' : undefined}
              >
                {tabLabel(status, counts)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {!canAct && <p className="admin-muted">Only an owner can publish, hide or reply to a review.</p>}
      {list.isPending && <p role="status">Loading reviews…</p>}
      {list.isError && <StatusMessage status={{ kind: 'error', text: list.error.message }} />}
      {list.isSuccess && reviews.length === 0 && <p>{emptyTexts[filters.status ?? 'all']}</p>}
      {reviews.length > 0 && (
        <ul className="admin-order-cards" aria-label="Reviews">
          {reviews.map((review) => (
            <ReviewCard
              key={review.reviewId}
              review={review}
              actions={canAct ? <ReviewActions review={review} onDone={onDone} /> : null}
            />
          ))}
        </ul>
      )}
      {lastPage > 1 && (
        <p className="admin-actions">
          {filters.page > 1 && (
            <Link to={reviewsPath({ ...filters, page: filters.page - 1 })}>Newer reviews</Link>
          )}
          <span className="admin-muted">
            Page {filters.page} of {lastPage}
          </span>
          {filters.page < lastPage && (
            <Link to={reviewsPath({ ...filters, page: filters.page + 1 })}>Older reviews</Link>
          )}
        </p>
      )}
    </>
  );
}
