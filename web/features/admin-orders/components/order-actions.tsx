import { useState } from 'react';
import { AdminRefundBodySchema } from '../../../../contracts/admin-order-bodies';
import type { AdminOrderDetail, ConsoleOrderAction } from '../../../../contracts/admin-orders';
import type { OrderEmailKind } from '../../../../contracts/order-status';
import { Button } from '../../../components/button';
import { ActionDialog } from '../../../components/dialog/action-dialog';
import { InputField, SelectField, TextareaField } from '../../../components/form/form-field';
import { formatPaise, humanise } from '../../../lib/console-format';
import { useAddOrderNote } from '../api/add-order-note';
import { useCancelOrder } from '../api/cancel-order';
import { useConfirmCod } from '../api/confirm-cod';
import { useRefundOrder } from '../api/refund-order';
import { useResendOrderEmail } from '../api/resend-order-email';
import { useRetryShipment } from '../api/retry-shipment';
import { useShipLate } from '../api/ship-late';
import type { AdminActionReply } from '../api/use-order-action';
import { parseRupeesToPaise } from '../format';

/** docs/product.md#staff: what only an owner may do; support takes the other actions. */
const ownerOnly: ReadonlySet<ConsoleOrderAction> = new Set(['ship_late', 'refund', 'cancel']);

interface OrderActionsProps {
  detail: AdminOrderDetail;
  isOwner: boolean;
  onDone: (message: string) => void;
}

/**
 * The actions on the order, each behind a confirmation: those its state allows now (the server's
 * `allowedActions`, from the order lifecycle) that the member's role may take (docs/product.md#console-pages).
 */
export function OrderActions({ detail, isOwner, onDone }: OrderActionsProps) {
  const [open, setOpen] = useState<ConsoleOrderAction | null>(null);
  const [opening, setOpening] = useState(0);
  const show = (action: ConsoleOrderAction) => {
    setOpening((count) => count + 1);
    setOpen(action);
  };
  const close = () => setOpen(null);
  const finish = (reply: AdminActionReply) => {
    close();
    onDone(reply.message);
  };
  const orderId = detail.order.orderId;
  const allowed = new Set(detail.allowedActions);
  const offered = (action: ConsoleOrderAction) => allowed.has(action) && (isOwner || !ownerOnly.has(action));
  // A dialog stays mounted while open too: the order fetched again after a success may no longer allow its
  // action, and an unmounted dialog would never hear its own success.
  const mounted = (action: ConsoleOrderAction) => offered(action) || open === action;
  // docs/product.md#cod-refunds: a COD order's cash goes back by Refund to UPI or a refund paid another way,
  // never through Razorpay, and cancelling it refunds nothing.
  const cod = detail.order.paymentMethod === 'COD';
  return (
    <section className="admin-section" aria-labelledby="order-actions">
      <h2 id="order-actions">Actions</h2>
      <div className="admin-actions">
        {offered('ship_late') && <Button onClick={() => show('ship_late')}>Ship late</Button>}
        {offered('confirm_cod') && <Button onClick={() => show('confirm_cod')}>Confirm after a call</Button>}
        {offered('refund') && (
          <Button variant="secondary" onClick={() => show('refund')}>
            Refund part
          </Button>
        )}
        {offered('cancel') && (
          <Button variant="secondary" onClick={() => show('cancel')}>
            {cod ? 'Cancel order' : 'Cancel and refund in full'}
          </Button>
        )}
        {offered('retry_shipment') && (
          <Button variant="secondary" onClick={() => show('retry_shipment')}>
            Retry shipment
          </Button>
        )}
        {/* docs/product.md#staff: only a message the shopper was sent (e-mail or SMS) can be sent again. */}
        {offered('resend_message') && (
          <Button variant="secondary" onClick={() => show('resend_message')}>
            Resend a message
          </Button>
        )}
        {offered('add_note') && (
          <Button variant="secondary" onClick={() => show('add_note')}>
            Add a note
          </Button>
        )}
      </div>
      {/* A new key at each opening starts a dialog afresh (fields, error, idempotency key); staying mounted
          while closed lets the native <dialog> hand focus back to the button that opened it. */}
      {mounted('refund') && (
        <RefundDialog
          key={`refund-${opening}`}
          open={open === 'refund'}
          orderId={orderId}
          refundablePaise={detail.refundablePaise}
          onClose={close}
          onDone={finish}
        />
      )}
      {mounted('cancel') && (
        <CancelDialog
          key={`cancel-${opening}`}
          open={open === 'cancel'}
          orderId={orderId}
          cod={cod}
          onClose={close}
          onDone={finish}
        />
      )}
      {mounted('ship_late') && (
        <ShipLateDialog
          key={`ship-late-${opening}`}
          open={open === 'ship_late'}
          orderId={orderId}
          onClose={close}
          onDone={finish}
        />
      )}
      {mounted('confirm_cod') && (
        <ConfirmCodDialog
          key={`cod-confirm-${opening}`}
          open={open === 'confirm_cod'}
          orderId={orderId}
          onClose={close}
          onDone={finish}
        />
      )}
      {mounted('retry_shipment') && (
        <RetryShipmentDialog
          key={`retry-${opening}`}
          open={open === 'retry_shipment'}
          orderId={orderId}
          onClose={close}
          onDone={finish}
        />
      )}
      {mounted('resend_message') && (
        <ResendMessageDialog
          key={`resend-${opening}`}
          open={open === 'resend_message'}
          orderId={orderId}
          sent={detail.sentMessages}
          onClose={close}
          onDone={finish}
        />
      )}
      {mounted('add_note') && (
        <AddNoteDialog
          key={`note-${opening}`}
          open={open === 'add_note'}
          orderId={orderId}
          onClose={close}
          onDone={finish}
        />
      )}
    </section>
  );
}

interface DialogProps {
  open: boolean;
  orderId: string;
  onClose: () => void;
  onDone: (reply: AdminActionReply) => void;
}

function RefundDialog({
  open,
  orderId,
  refundablePaise,
  onClose,
  onDone,
}: DialogProps & { refundablePaise: number }) {
  const refund = useRefundOrder();
  // docs/product.md#http-api: one key for this dialog, so a second press of Refund refunds once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ amount?: string; reason?: string }>({});

  function confirm() {
    const amountPaise = parseRupeesToPaise(amount);
    const parsed = AdminRefundBodySchema.safeParse({ amountPaise: amountPaise ?? Number.NaN, reason });
    if (amountPaise === null || !parsed.success) {
      const issues = parsed.success ? [] : parsed.error.issues;
      setFieldErrors({
        amount:
          amountPaise === null
            ? 'Please give the amount in rupees, e.g. 100 or 100.50.'
            : issues.find((issue) => issue.path[0] === 'amountPaise')?.message,
        reason: issues.find((issue) => issue.path[0] === 'reason')?.message,
      });
      return;
    }
    setFieldErrors({});
    refund.mutate({ orderId, idempotencyKey, ...parsed.data }, { onSuccess: onDone });
  }

  return (
    <ActionDialog
      open={open}
      title="Refund part of this order"
      confirmLabel="Refund"
      pending={refund.isPending}
      error={refund.error?.message ?? null}
      onClose={onClose}
      onConfirm={confirm}
    >
      <p>Up to {formatPaise(refundablePaise)} can be refunded.</p>
      <InputField
        label="Amount in rupees"
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={fieldErrors.amount}
        required
      />
      <TextareaField
        label="Reason"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={fieldErrors.reason}
        required
      />
    </ActionDialog>
  );
}

function CancelDialog({ open, orderId, cod, onClose, onDone }: DialogProps & { cod: boolean }) {
  const cancel = useCancelOrder();
  return (
    <ActionDialog
      open={open}
      title="Cancel this order"
      confirmLabel={cod ? 'Cancel order' : 'Cancel and refund'}
      pending={cancel.isPending}
      error={cancel.error?.message ?? null}
      onClose={onClose}
      onConfirm={() => cancel.mutate(orderId, { onSuccess: onDone })}
    >
      <p>
        {cod
          ? 'The order is cancelled before the courier takes it; nothing was paid, so nothing is refunded. This cannot be undone.'
          : 'The order is cancelled and its payment refunded in full. This cannot be undone.'}
      </p>
    </ActionDialog>
  );
}

function ShipLateDialog({ open, orderId, onClose, onDone }: DialogProps) {
  const shipLate = useShipLate();
  return (
    <ActionDialog
      open={open}
      title="Ship this order late"
      confirmLabel="Ship late"
      pending={shipLate.isPending}
      error={shipLate.error?.message ?? null}
      onClose={onClose}
      onConfirm={() => shipLate.mutate(orderId, { onSuccess: onDone })}
    >
      <p>
        The order's units are taken from the stock now and its parcel is booked with the courier. Restock
        first: this is refused while a product is still short.
      </p>
    </ActionDialog>
  );
}

function ConfirmCodDialog({ open, orderId, onClose, onDone }: DialogProps) {
  const confirm = useConfirmCod();
  return (
    <ActionDialog
      open={open}
      title="Confirm this cash-on-delivery order"
      confirmLabel="Confirm order"
      pending={confirm.isPending}
      error={confirm.error?.message ?? null}
      onClose={onClose}
      onConfirm={() => confirm.mutate(orderId, { onSuccess: onDone })}
    >
      <p>
        Confirm only after speaking to the shopper on the phone and hearing them confirm the order. Its units
        are taken from the stock now and its parcel is booked with the courier, to be paid in cash on
        delivery.
      </p>
    </ActionDialog>
  );
}

function RetryShipmentDialog({ open, orderId, onClose, onDone }: DialogProps) {
  const retry = useRetryShipment();
  return (
    <ActionDialog
      open={open}
      title="Retry the shipment booking"
      confirmLabel="Retry shipment"
      pending={retry.isPending}
      error={retry.error?.message ?? null}
      onClose={onClose}
      onConfirm={() => retry.mutate(orderId, { onSuccess: onDone })}
    >
      <p>The parcel's booking with Shiprocket is tried again.</p>
    </ActionDialog>
  );
}

function ResendMessageDialog({
  open,
  orderId,
  sent,
  onClose,
  onDone,
}: DialogProps & { sent: OrderEmailKind[] }) {
  const resend = useResendOrderEmail();
  const [kind, setKind] = useState<OrderEmailKind>(sent[0] ?? 'confirmed');
  return (
    <ActionDialog
      open={open}
      title="Resend a message"
      confirmLabel="Resend"
      pending={resend.isPending}
      error={resend.error?.message ?? null}
      onClose={onClose}
      onConfirm={() => resend.mutate({ orderId, kind }, { onSuccess: onDone })}
    >
      <p>It goes again as it went: by e-mail, or by SMS to a shopper with no e-mail.</p>
      <SelectField
        label="Message"
        value={kind}
        onChange={(event) => setKind(event.target.value as OrderEmailKind)}
      >
        {sent.map((option) => (
          <option key={option} value={option}>
            {humanise(option)}
          </option>
        ))}
      </SelectField>
    </ActionDialog>
  );
}

function AddNoteDialog({ open, orderId, onClose, onDone }: DialogProps) {
  const addNote = useAddOrderNote();
  // docs/product.md#http-api: one key for this dialog, so a second press of Add note adds it once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [body, setBody] = useState('');
  return (
    <ActionDialog
      open={open}
      title="Add a note"
      confirmLabel="Add note"
      pending={addNote.isPending}
      error={addNote.error?.message ?? null}
      onClose={onClose}
      onConfirm={() => addNote.mutate({ orderId, body, idempotencyKey }, { onSuccess: onDone })}
    >
      <TextareaField
        label="Note (only staff see it)"
        value={body}
        onChange={(event) => setBody(event.target.value)}
      />
    </ActionDialog>
  );
}
