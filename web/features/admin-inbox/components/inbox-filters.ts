import {
  type ContactMessageStatus,
  type ContactTopic,
  contactMessageStatuses,
  contactTopics,
} from '../../../../contracts/contact';

export interface InboxFilters {
  status: ContactMessageStatus | undefined;
  /** Complaints only (docs/product.md#complaints), or every message. */
  topic: ContactTopic | undefined;
  page: number;
}

/** The inbox keeps its filter in the URL (docs/product.md#contact-inbox); anything unknown means all. */
export function inboxFiltersFrom(params: URLSearchParams): InboxFilters {
  const status = params.get('status');
  const topic = params.get('topic');
  const page = Number(params.get('page'));
  return {
    status: contactMessageStatuses.find((known) => known === status),
    topic: contactTopics.find((known) => known === topic),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function inboxQuery(filters: InboxFilters): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.topic) params.set('topic', filters.topic);
  if (filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}
