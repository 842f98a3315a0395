import type { AdminMessageDetail } from '../../../../contracts/admin-inbox';
import { Button } from '../../../components/button';
import { StatusMessage } from '../../../components/status-message';
import { useSetMessageStatus } from '../api/set-message-status';

/** Close a message that needs nothing more, or reopen it as new. */
export function MessageStatusActions({
  detail,
  onDone,
}: {
  detail: AdminMessageDetail;
  onDone: (message: string) => void;
}) {
  const change = useSetMessageStatus();
  const closed = detail.message.status === 'closed';
  return (
    <div className="admin-actions">
      <Button
        variant="secondary"
        disabled={change.isPending}
        onClick={() =>
          change.mutate(
            { messageId: detail.message.id, status: closed ? 'new' : 'closed' },
            { onSuccess: (result) => onDone(result.message) },
          )
        }
      >
        {closed ? 'Reopen' : 'Close'}
      </Button>
      {change.isError && <StatusMessage status={{ kind: 'error', text: change.error.message }} />}
    </div>
  );
}
