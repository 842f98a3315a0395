import type { FormEvent, ReactNode } from 'react';
import { Button } from '../button';
import { StatusMessage } from '../status-message';
import { Dialog } from './dialog';

interface ActionDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  pending: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: () => void;
  /** The button that closes it and does nothing. */
  cancelLabel?: string;
  /** The confirm button's label while the action runs. */
  pendingLabel?: string;
  children: ReactNode;
}

/**
 * The console's confirmation of one action (an order's, a COD refund's, a review's): its fields, the API's refusal, Confirm
 * and a button that does nothing. Styled by the console's admin.css.
 */
export function ActionDialog({
  open,
  title,
  confirmLabel,
  pending,
  error,
  onClose,
  onConfirm,
  cancelLabel = 'Keep the order as it is',
  pendingLabel = 'Working…',
  children,
}: ActionDialogProps) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pending) onConfirm();
  }
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <form className="admin-form" onSubmit={submit} noValidate>
        {children}
        <StatusMessage status={error ? { kind: 'error', text: error } : null} />
        <div className="admin-dialog-actions">
          <Button type="submit" disabled={pending}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
