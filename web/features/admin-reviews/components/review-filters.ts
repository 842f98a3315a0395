import { type ReviewStatus, reviewStatuses } from '../../../../contracts/reviews';
import { adminPaths } from '../../../lib/admin-paths';

export interface ReviewFilters {
  /** One status, or every review. */
  status: ReviewStatus | undefined;
  page: number;
}

/** The Reviews page keeps its tab and page in the URL, so the dashboard can link to the new ones. */
export function reviewFiltersFrom(params: URLSearchParams): ReviewFilters {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    status: reviewStatuses.find((known) => known === status),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function reviewsPath(filters: ReviewFilters): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return query ? `${adminPaths.reviews}?${query}` : adminPaths.reviews;
}
