import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog/dialog';
import { StatusMessage } from '../../../components/status-message';

interface ActionDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  pending: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: () => void;
  children: ReactNode;
}

/** A confirmation for one order action: its fields, the API's refusal, Confirm and Cancel. */
export function ActionDialog({
  open,
  title,
  confirmLabel,
  pending,
  error,
  onClose,
  onConfirm,
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
            {pending ? 'Working…' : confirmLabel}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Keep the order as it is
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
