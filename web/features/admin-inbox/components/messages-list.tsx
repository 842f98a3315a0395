import './inbox.css';
import { contactMessageStatuses } from '../../../../contracts/contact';
import { StatusMessage } from '../../../components/status-message';
import { adminPaths } from '../../../lib/admin-paths';
import { formatIstDateTime } from '../../../lib/console-format';
import { Link } from '../../../lib/router';
import { useMessages } from '../api/get-messages';
import { statusLabels } from '../format';
import { ComplaintClocksView } from './complaint-clocks';
import { type InboxFilters, inboxQuery } from './inbox-filters';

const tabs: { filters: Omit<InboxFilters, 'page'>; label: string }[] = [
  { filters: { status: undefined, topic: undefined }, label: 'All' },
  ...contactMessageStatuses.map((status) => ({
    filters: { status, topic: undefined },
    label: statusLabels[status],
  })),
  { filters: { status: undefined, topic: 'complaint' }, label: 'Complaints' },
];

function tabCount(label: string, data: { newCount: number; overdueComplaints: number } | undefined) {
  if (!data) return '';
  if (label === 'New') return ` (${data.newCount})`;
  if (label === 'Complaints' && data.overdueComplaints > 0) return ` (${data.overdueComplaints} overdue)`;
  return '';
}

/** Status tabs (links, so the URL keeps the filter) and the messages, newest first, a page at a time. */
export function MessagesList({ filters }: { filters: InboxFilters }) {
  const list = useMessages(filters);
  const messages = list.data?.messages ?? [];
  return (
    <>
      <nav aria-label="Filter by status" className="admin-inbox-tabs">
        <ul>
          {tabs.map((tab) => (
            <li key={tab.label}>
              <Link
                to={`${adminPaths.messages}${inboxQuery({ ...tab.filters, page: 1 })}`}
                aria-current={
                  tab.filters.status === filters.status && tab.filters.topic === filters.topic
                    ? 'page'
                    : undefined
                }
              >
                {tab.label}
                {tabCount(tab.label, list.data)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {list.isPending && <p role="status">Loading messages…</p>}
      {list.isError && <StatusMessage status={{ kind: 'error', text: list.error.message }} />}
      {list.isSuccess && messages.length === 0 && <p>No messages here.</p>}
      {messages.length > 0 && (
        <ul className="admin-order-cards" aria-label="Messages">
          {messages.map((message) => (
            <li key={message.id} className="admin-order-card">
              <h2 className="admin-order-card__title">
                <Link to={adminPaths.message(message.id)}>
                  {message.name} &lt;{message.email}&gt;
                </Link>
              </h2>
              {message.complaint && <ComplaintClocksView clocks={message.complaint} />}
              <p>{message.preview}</p>
              <dl className="admin-details">
                <dt>Sent</dt>
                <dd>{formatIstDateTime(message.createdAt)}</dd>
                <dt>Status</dt>
                <dd>{statusLabels[message.status]}</dd>
                <dt>Replies</dt>
                <dd>{message.replyCount}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <p>
        {filters.page > 1 && (
          <Link to={`${adminPaths.messages}${inboxQuery({ ...filters, page: filters.page - 1 })}`}>
            Newer messages
          </Link>
        )}{' '}
        {list.data?.hasMore && (
          <Link to={`${adminPaths.messages}${inboxQuery({ ...filters, page: filters.page + 1 })}`}>
            Older messages
          </Link>
        )}
      </p>
    </>
  );
}
