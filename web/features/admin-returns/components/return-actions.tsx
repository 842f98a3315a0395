import { type FormEvent, useState } from 'react';
import type { AdminReturnDetail } from '../../../../contracts/returns';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog/dialog';
import { StatusMessage } from '../../../components/status-message';
import { type ReturnActionPath, useReturnAction } from '../api/returns';

type Action = AdminReturnDetail['actions'][number];

const buttons: Record<Exclude<Action, 'refuse' | 'receive'>, { label: string; path: ReturnActionPath }> = {
  approve: { label: 'Approve', path: 'approve' },
  approve_without_pickup: { label: 'Approve without pickup', path: 'approve-without-pickup' },
  refund: { label: 'Refund', path: 'refund' },
  send_replacement: { label: 'Send replacement', path: 'send-replacement' },
  close: { label: 'Close without refund', path: 'close' },
};

/** docs/product.md#returns: the owner's actions open on this return; refuse and receive ask one thing first. */
export function ReturnActions({
  detail,
  onDone,
}: {
  detail: AdminReturnDetail;
  onDone: (message: string) => void;
}) {
  const returnId = detail.return.returnId;
  const action = useReturnAction(returnId);
  const [dialog, setDialog] = useState<'refuse' | 'receive' | null>(null);
  const [reason, setReason] = useState('');
  const [quality, setQuality] = useState<'resellable' | 'not_resellable'>('resellable');

  function run(path: ReturnActionPath, body?: object) {
    action.mutate(
      { action: path, ...(body ? { body } : {}) },
      {
        onSuccess: (reply) => {
          setDialog(null);
          onDone(reply.message);
        },
      },
    );
  }

  function submitRefusal(event: FormEvent) {
    event.preventDefault();
    run('refuse', { reason });
  }

  function submitReceipt(event: FormEvent) {
    event.preventDefault();
    run('receive', { quality });
  }

  if (detail.actions.length === 0) return <p className="admin-muted">Nothing more to do on this return.</p>;
  return (
    <>
      <div className="admin-actions">
        {detail.actions.map((each) =>
          each === 'refuse' || each === 'receive' ? (
            <Button
              key={each}
              variant="secondary"
              onClick={() => setDialog(each)}
              disabled={action.isPending}
            >
              {each === 'refuse' ? 'Refuse' : 'Mark received'}
            </Button>
          ) : (
            <Button
              key={each}
              variant={each === 'close' ? 'secondary' : 'primary'}
              onClick={() => run(buttons[each].path)}
              disabled={action.isPending}
            >
              {buttons[each].label}
            </Button>
          ),
        )}
      </div>
      {action.isError && dialog === null ? (
        <StatusMessage status={{ kind: 'error', text: action.error.message }} />
      ) : null}
      <Dialog open={dialog === 'refuse'} onClose={() => setDialog(null)} title="Refuse this return">
        <form className="admin-form" onSubmit={submitRefusal} noValidate>
          <label htmlFor="refusal-reason">Why (the shopper is sent this)</label>
          <textarea
            id="refusal-reason"
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          {action.isError ? <StatusMessage status={{ kind: 'error', text: action.error.message }} /> : null}
          <div className="dialog__actions">
            <Button type="submit" disabled={action.isPending || reason.trim() === ''}>
              Refuse return
            </Button>
            <Button variant="secondary" onClick={() => setDialog(null)}>
              Back
            </Button>
          </div>
        </form>
      </Dialog>
      <Dialog open={dialog === 'receive'} onClose={() => setDialog(null)} title="Mark the return received">
        <form className="admin-form" onSubmit={submitReceipt} noValidate>
          <fieldset>
            <legend>Quality check</legend>
            <label className="admin-check">
              <input
                type="radio"
                name="return-quality"
                checked={quality === 'resellable'}
                onChange={() => setQuality('resellable')}
              />
              Resellable: the units go back in stock
            </label>
            <label className="admin-check">
              <input
                type="radio"
                name="return-quality"
                checked={quality === 'not_resellable'}
                onChange={() => setQuality('not_resellable')}
              />
              Not resellable: written off
            </label>
          </fieldset>
          {action.isError ? <StatusMessage status={{ kind: 'error', text: action.error.message }} /> : null}
          <div className="dialog__actions">
            <Button type="submit" disabled={action.isPending}>
              Mark received
            </Button>
            <Button variant="secondary" onClick={() => setDialog(null)}>
              Back
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
