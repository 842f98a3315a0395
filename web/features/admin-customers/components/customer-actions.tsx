import { type FormEvent, type ReactNode, useState } from 'react';
import {
  type AdminCustomerActionReply,
  type AdminCustomerDetail,
  adminCustomerMessages,
} from '../../../../contracts/admin-customers';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog/dialog';
import { TextareaField } from '../../../components/form/form-field';
import { StatusMessage } from '../../../components/status-message';
import { formatIstDateTime } from '../../../lib/console-format';
import { type CustomerAction, useCustomerAction } from '../api/customer-actions';

const REASON_MAX = 500;

interface CustomerActionsProps {
  customer: AdminCustomerDetail;
  isOwner: boolean;
  onDone: (message: string) => void;
}

/** Whether the shopper is blocked, and the owner's actions, each behind a confirmation (docs/product.md#customers). */
export function CustomerActions({ customer, isOwner, onDone }: CustomerActionsProps) {
  const [open, setOpen] = useState<CustomerAction | null>(null);
  const [opening, setOpening] = useState(0);
  const show = (action: CustomerAction) => {
    setOpening((count) => count + 1);
    setOpen(action);
  };
  const close = () => setOpen(null);
  const finish = (reply: AdminCustomerActionReply) => {
    close();
    onDone(reply.message);
  };
  const blocked = customer.blockedAt !== null;
  const dialogProps = { customerId: customer.id, onClose: close, onDone: finish };
  return (
    <section className="admin-section" aria-labelledby="customer-access">
      <h2 id="customer-access">Access</h2>
      {blocked && customer.blockedAt ? (
        <p>
          <strong>Blocked</strong> since {formatIstDateTime(customer.blockedAt)}
          {customer.blockReason && <>. Reason: {customer.blockReason}</>}
        </p>
      ) : (
        <p>Not blocked: the customer may sign in and order.</p>
      )}
      {isOwner && (
        <>
          <div className="admin-actions">
            <Button variant="secondary" onClick={() => show('sign-out')}>
              Sign out everywhere
            </Button>
            {blocked ? (
              <Button variant="secondary" onClick={() => show('unblock')}>
                Unblock
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => show('block')}>
                Block
              </Button>
            )}
          </div>
          {/* A new key at each opening starts a dialog afresh; staying mounted while closed lets the native
              <dialog> hand focus back to the button that opened it. */}
          <CustomerActionDialog
            key={`sign-out-${opening}`}
            {...dialogProps}
            open={open === 'sign-out'}
            action="sign-out"
            title="Sign out everywhere"
            confirmLabel="Sign out everywhere"
          >
            <p>Every device this customer is signed in on is signed out. They can sign in again.</p>
          </CustomerActionDialog>
          <CustomerActionDialog
            key={`block-${opening}`}
            {...dialogProps}
            open={open === 'block'}
            action="block"
            title="Block this customer"
            confirmLabel="Block"
            withReason
          >
            <p>
              They are signed out everywhere and cannot sign in or place an order. Their open orders still
              ship and refunds still run.
            </p>
          </CustomerActionDialog>
          <CustomerActionDialog
            key={`unblock-${opening}`}
            {...dialogProps}
            open={open === 'unblock'}
            action="unblock"
            title="Unblock this customer"
            confirmLabel="Unblock"
            withReason
          >
            <p>They can sign in and order again.</p>
          </CustomerActionDialog>
        </>
      )}
    </section>
  );
}

interface CustomerActionDialogProps {
  open: boolean;
  customerId: string;
  action: CustomerAction;
  title: string;
  confirmLabel: string;
  withReason?: boolean;
  onClose: () => void;
  onDone: (reply: AdminCustomerActionReply) => void;
  children: ReactNode;
}

function CustomerActionDialog({
  open,
  customerId,
  action,
  title,
  confirmLabel,
  withReason = false,
  onClose,
  onDone,
  children,
}: CustomerActionDialogProps) {
  const mutation = useCustomerAction();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    if (reason.trim().length > REASON_MAX) {
      setReasonError(adminCustomerMessages.reasonTooLong);
      return;
    }
    setReasonError(undefined);
    mutation.mutate({ customerId, action, reason: reason.trim() }, { onSuccess: onDone });
  }

  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <form className="admin-form" onSubmit={submit} noValidate>
        {children}
        {withReason && (
          <TextareaField
            label="Reason (optional)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={reasonError}
          />
        )}
        <StatusMessage status={mutation.error ? { kind: 'error', text: mutation.error.message } : null} />
        <div className="admin-dialog-actions">
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Working…' : confirmLabel}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Keep the customer as they are
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
