import './inbox.css';
import type { AdminMessageDetail } from '../../../../contracts/admin-inbox';
import { formatIstDateTime } from '../../../lib/console-format';

/** The sender's message, then the replies oldest first, each with who wrote it and whether it was e-mailed. */
export function MessageThread({ detail }: { detail: AdminMessageDetail }) {
  const { message, replies } = detail;
  return (
    <section aria-labelledby="thread-heading">
      <h2 id="thread-heading">Thread</h2>
      <ol className="admin-thread" aria-label="Thread, oldest first">
        <li className="admin-thread__entry">
          <p className="admin-muted">
            {message.name} wrote on {formatIstDateTime(message.createdAt)}
          </p>
          <p className="admin-thread__body">{message.message}</p>
        </li>
        {replies.map((reply) => (
          <li key={reply.id} className="admin-thread__entry admin-thread__entry--reply">
            <p className="admin-muted">
              {reply.staffName} replied on {formatIstDateTime(reply.createdAt)}
              {reply.emailedAt ? '; e-mailed' : '; e-mail on its way'}
            </p>
            <p className="admin-thread__body">{reply.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
