import { useState } from 'react';
import {
  CodPaidElsewhereBodySchema,
  CodPayoutBodySchema,
  type CodRefundReply,
  type RefundPaidElsewhereWay,
  refundPaidElsewhereWayLabels,
  refundPaidElsewhereWays,
} from '../../../../contracts/cod-money';
import { ActionDialog } from '../../../components/dialog/action-dialog';
import { InputField, SelectField, TextareaField } from '../../../components/form/form-field';
import { formatPaise } from '../../../lib/console-format';
import { usePayOutRefund, useRecordPaidElsewhere } from '../api/cod-refunds';
import { AMOUNT_FORMAT_MESSAGE, rupeesToPaise } from '../format';

export interface CodRefundDialogProps {
  open: boolean;
  orderId: string;
  refundablePaise: number;
  onClose: () => void;
  onDone: (reply: CodRefundReply) => void;
}

type Errors<Field extends string> = Partial<Record<Field, string>>;

function issuesOf<Field extends string>(issues: { path: PropertyKey[]; message: string }[]): Errors<Field> {
  const errors: Errors<Field> = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** docs/product.md#cod-refunds: pay part (or all) of the collected cash to the shopper's UPI ID. */
export function PayoutRefundDialog({
  open,
  orderId,
  refundablePaise,
  onClose,
  onDone,
}: CodRefundDialogProps) {
  const payOut = usePayOutRefund();
  // One key for this dialog, so a second press of Refund pays once (docs/product.md#http-api).
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState('');
  const [vpa, setVpa] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors<'amountPaise' | 'vpa' | 'reason'>>({});

  function confirm() {
    const amountPaise = rupeesToPaise(amount);
    const parsed = CodPayoutBodySchema.safeParse({ amountPaise: amountPaise ?? Number.NaN, vpa, reason });
    if (amountPaise === null || !parsed.success) {
      const found = parsed.success ? {} : issuesOf<'amountPaise' | 'vpa' | 'reason'>(parsed.error.issues);
      setErrors({ ...found, ...(amountPaise === null ? { amountPaise: AMOUNT_FORMAT_MESSAGE } : {}) });
      return;
    }
    setErrors({});
    payOut.mutate({ orderId, idempotencyKey, ...parsed.data }, { onSuccess: onDone });
  }

  return (
    <ActionDialog
      cancelLabel="Do not refund"
      open={open}
      title="Refund to UPI"
      confirmLabel="Refund to UPI"
      pending={payOut.isPending}
      error={payOut.error?.message ?? null}
      onClose={onClose}
      onConfirm={confirm}
    >
      <p>
        Up to {formatPaise(refundablePaise)} can be refunded. The money is paid from the shop's RazorpayX
        account to the shopper's UPI ID, usually within minutes.
      </p>
      <InputField
        label="Amount in rupees"
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={errors.amountPaise}
        required
      />
      <InputField
        label="Shopper's UPI ID"
        placeholder="name@bank"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={vpa}
        onChange={(event) => setVpa(event.target.value)}
        error={errors.vpa}
        required
      />
      <TextareaField
        label="Reason"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={errors.reason}
        required
      />
    </ActionDialog>
  );
}

/** docs/product.md#cod-refunds: a refund the owner paid outside the shop, recorded with its credit note. */
export function PaidElsewhereDialog({
  open,
  orderId,
  refundablePaise,
  onClose,
  onDone,
}: CodRefundDialogProps) {
  const record = useRecordPaidElsewhere();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState('');
  const [how, setHow] = useState<RefundPaidElsewhereWay>('cash');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors<'amountPaise' | 'note'>>({});

  function confirm() {
    const amountPaise = rupeesToPaise(amount);
    const parsed = CodPaidElsewhereBodySchema.safeParse({
      amountPaise: amountPaise ?? Number.NaN,
      how,
      note,
    });
    if (amountPaise === null || !parsed.success) {
      const found = parsed.success ? {} : issuesOf<'amountPaise' | 'note'>(parsed.error.issues);
      setErrors({ ...found, ...(amountPaise === null ? { amountPaise: AMOUNT_FORMAT_MESSAGE } : {}) });
      return;
    }
    setErrors({});
    record.mutate({ orderId, idempotencyKey, ...parsed.data }, { onSuccess: onDone });
  }

  return (
    <ActionDialog
      cancelLabel="Do not refund"
      open={open}
      title="Record a refund paid another way"
      confirmLabel="Record refund"
      pending={record.isPending}
      error={record.error?.message ?? null}
      onClose={onClose}
      onConfirm={confirm}
    >
      <p>
        Up to {formatPaise(refundablePaise)} can be refunded. Record only money already given back: the credit
        note is issued at once.
      </p>
      <InputField
        label="Amount in rupees"
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={errors.amountPaise}
        required
      />
      <SelectField
        label="Paid by"
        value={how}
        onChange={(event) => setHow(event.target.value as RefundPaidElsewhereWay)}
      >
        {refundPaidElsewhereWays.map((way) => (
          <option key={way} value={way}>
            {refundPaidElsewhereWayLabels[way]}
          </option>
        ))}
      </SelectField>
      <TextareaField
        label="Note (a reference, who paid it)"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={errors.note}
      />
    </ActionDialog>
  );
}
