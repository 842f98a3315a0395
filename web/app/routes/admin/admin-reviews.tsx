import type { StaffProfile } from '../../../../contracts/staff';
import { reviewFiltersFrom } from '../../../features/admin-reviews/components/review-filters';
import { ReviewsList } from '../../../features/admin-reviews/components/reviews-list';
import { useOutletContext, useSearchParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useToast } from './toasts';

/** docs/product.md#reviews-console: every review by status; owners publish, hide and reply, support reads. */
export function AdminReviewsPage() {
  useDocumentTitle('Reviews');
  const staff = useOutletContext<StaffProfile>();
  const toast = useToast();
  const [searchParams] = useSearchParams();
  return (
    <>
      <h1>Reviews</h1>
      <ReviewsList filters={reviewFiltersFrom(searchParams)} canAct={staff.role === 'owner'} onDone={toast} />
    </>
  );
}
