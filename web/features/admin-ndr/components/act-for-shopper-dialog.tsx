import { type FormEvent, useState } from 'react';
import {
  type AdminNdrAction,
  type AdminNdrRow,
  NDR_NOTE_MAX_LENGTH,
  NDR_REATTEMPT_DAYS,
  type NdrAction,
  ndrMessages,
} from '../../../../contracts/ndr-rules';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog/dialog';
import { TextareaField } from '../../../components/form/form-field';
import { RadioGroup } from '../../../components/radio-group';
import { ReattemptFields, type ReattemptTyped } from '../../../components/reattempt-fields';
import { StatusMessage } from '../../../components/status-message';
import { nextIndianDays } from '../../../lib/deadline';
import { ndrChoiceText, type ReattemptErrors, reattemptChoice } from '../../../lib/ndr-choice';
import { useActForShopper } from '../api/act-for-shopper';

const chooseActionMessage = 'Please choose: deliver again, or cancel the order.';

interface Errors extends ReattemptErrors {
  action?: string;
  note?: string;
}

/** The dialog's choice as typed, checked: the action to send with its note, or why not. */
function actionOf(
  report: AdminNdrRow,
  dates: readonly string[],
  typed: ReattemptTyped & { action: NdrAction | ''; note: string },
): { ok: true; action: AdminNdrAction } | { ok: false; errors: Errors } {
  const errors: Errors = {};
  const note = typed.note.trim();
  if (note === '' || note.length > NDR_NOTE_MAX_LENGTH) errors.note = ndrMessages.noteRequired;
  if (typed.action === '') return { ok: false, errors: { ...errors, action: chooseActionMessage } };
  if (typed.action === 'return') {
    return errors.note ? { ok: false, errors } : { ok: true, action: { action: 'return', note } };
  }
  const checked = reattemptChoice({ dates, phone: report.phone }, typed);
  if (!checked.ok) return { ok: false, errors: { ...errors, ...checked.errors } };
  return errors.note ? { ok: false, errors } : { ok: true, action: { ...checked.choice, note } };
}

/**
 * docs/product.md#failed-deliveries: a staff member acts for the shopper after a call: the shopper's two choices
 * (deliver again on one of the next days, with a corrected phone or a landmark; or cancel) and a note of what was
 * agreed, which the audit log keeps.
 */
export function ActForShopperDialog({
  report,
  open,
  onClose,
  onDone,
}: {
  report: AdminNdrRow;
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const act = useActForShopper(report.id);
  // Mounted as it opens (the queue renders it only then), so each opening starts empty, with today's days.
  const [dates] = useState(() => nextIndianDays(NDR_REATTEMPT_DAYS));
  const [action, setAction] = useState<NdrAction | ''>('');
  const [typed, setTyped] = useState<ReattemptTyped>({ date: '', phone: report.phone, addressLine: '' });
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = actionOf(report, dates, { ...typed, action, note });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    act.mutate(checked.action, {
      onSuccess: () => {
        onClose();
        onDone(`Order ${report.orderNumber}: ${ndrChoiceText(checked.action)}.`);
      },
    });
  }

  return (
    <Dialog open={open} onClose={onClose} title={`${ndrMessages.actForShopper}: order ${report.orderNumber}`}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <p className="admin-muted">
          {report.customerName}, pincode {report.pincode}. Choose what was agreed on the call; it goes to the
          courier as the shopper's choice.
        </p>
        <RadioGroup
          legend="What happens"
          options={[
            { value: 'reattempt', label: ndrMessages.deliverAgain },
            { value: 'return', label: ndrMessages.sendBack },
          ]}
          value={action}
          onChange={setAction}
          error={errors.action}
        />
        {action === 'reattempt' ? (
          <>
            <ReattemptFields dates={dates} typed={typed} errors={errors} onChange={setTyped} />
            <p className="admin-muted">{ndrMessages.pincodeFixed}</p>
          </>
        ) : null}
        {action === 'return' ? (
          <p className="admin-muted">
            {report.paymentMethod === 'cod' ? ndrMessages.codNothingToPay : ndrMessages.prepaidRefund}
          </p>
        ) : null}
        <TextareaField
          label={`${ndrMessages.noteLabel} (required)`}
          maxLength={NDR_NOTE_MAX_LENGTH}
          rows={3}
          value={note}
          error={errors.note}
          onChange={(event) => setNote(event.target.value)}
        />
        {act.isError ? <StatusMessage status={{ kind: 'error', text: act.error.message }} /> : null}
        <div className="dialog__actions">
          <Button type="submit" disabled={act.isPending}>
            {act.isPending ? 'Saving…' : 'Save the choice'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Back
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
