import { StatusMessage } from '../../../components/status-message';
import { adminPaths } from '../../../lib/admin-paths';
import { Link } from '../../../lib/router';
import { useMessages } from '../api/get-messages';
import './inbox.css';

/**
 * The dashboard's count of contact messages waiting for an answer, and of complaints past a deadline
 * (docs/product.md#complaints), each linking to the inbox filtered to them.
 */
export function NewMessagesCard() {
  const list = useMessages({ status: 'new', topic: undefined, page: 1 });
  return (
    <section className="admin-stat" aria-labelledby="new-messages-heading">
      <h2 id="new-messages-heading">Inbox</h2>
      {list.isPending && <p role="status">Loading messages…</p>}
      {list.isError && <StatusMessage status={{ kind: 'error', text: list.error.message }} />}
      {list.isSuccess && (
        <p>
          <Link to={`${adminPaths.messages}?status=new`}>
            {list.data.newCount === 1 ? '1 new message' : `${list.data.newCount} new messages`}
          </Link>
        </p>
      )}
      {list.isSuccess && list.data.overdueComplaints > 0 && (
        <p className="admin-overdue-count">
          <Link to={`${adminPaths.messages}?topic=complaint`}>
            {list.data.overdueComplaints === 1
              ? '1 complaint past its deadline'
              : `${list.data.overdueComplaints} complaints past their deadline`}
          </Link>
        </p>
      )}
    </section>
  );
}
