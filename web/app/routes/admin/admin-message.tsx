import { StatusMessage } from '../../../components/status-message';
import { useMessage } from '../../../features/admin-inbox/api/get-message';
import { ComplaintClocksView } from '../../../features/admin-inbox/components/complaint-clocks';
import { MessageStatusActions } from '../../../features/admin-inbox/components/message-status-actions';
import { MessageThread } from '../../../features/admin-inbox/components/message-thread';
import { ReplyForm } from '../../../features/admin-inbox/components/reply-form';
import { statusLabels } from '../../../features/admin-inbox/format';
import { adminPaths } from '../../../lib/admin-paths';
import { Link, useParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useToast } from './toasts';

export function AdminMessagePage() {
  const { id = '' } = useParams();
  const toast = useToast();
  const detail = useMessage(id);
  const noun = detail.data?.message.complaint ? 'Complaint' : 'Message';
  useDocumentTitle(detail.data ? `${noun} from ${detail.data.message.name}` : 'Message');

  const back = (
    <p>
      <Link to={adminPaths.messages}>Back to the inbox</Link>
    </p>
  );
  if (detail.isPending) return <p role="status">Loading the message…</p>;
  if (detail.isError) {
    return (
      <>
        <h1>Message</h1>
        <StatusMessage status={{ kind: 'error', text: detail.error.message }} />
        {back}
      </>
    );
  }
  const { message, sender } = detail.data;
  return (
    <>
      {back}
      <h1>{message.complaint ? `Complaint from ${message.name}` : `Message from ${message.name}`}</h1>
      {message.complaint && <ComplaintClocksView clocks={message.complaint} />}
      <dl className="admin-details">
        <dt>E-mail</dt>
        <dd>{message.email}</dd>
        <dt>Status</dt>
        <dd>{statusLabels[message.status]}</dd>
        <dt>Shopper account</dt>
        <dd>
          {sender.customerId ? (
            <Link to={adminPaths.customer(sender.customerId)}>
              View the customer (
              {sender.ordersCount === 1 ? '1 paid order' : `${sender.ordersCount} paid orders`})
            </Link>
          ) : (
            'None with this e-mail'
          )}
        </dd>
      </dl>
      <MessageStatusActions detail={detail.data} onDone={toast} />
      <MessageThread detail={detail.data} />
      <ReplyForm messageId={message.id} onDone={toast} />
    </>
  );
}
