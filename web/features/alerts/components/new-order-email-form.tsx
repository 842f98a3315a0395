import { type FormEvent, useState } from 'react';
import {
  type NewOrderEmailChoice,
  newOrderEmailChoices,
  newOrderEmailLabels,
} from '../../../../contracts/staff-alerts';
import { Button } from '../../../components/button';
import { type Status, StatusMessage } from '../../../components/status-message';
import { useUpdateAlertSettings } from '../api/update-alert-settings';
import './alerts.css';

const hints: Record<NewOrderEmailChoice, string> = {
  each_order: 'As soon as an order is paid: its number, amount, items and city, with a link to it.',
  daily_digest: 'Every morning: the day before’s orders and total, and what needs attention.',
  none: 'You can still see every order here in the console.',
};

/** docs/product.md#staff-alerts: how this member of staff hears of new orders by e-mail. */
export function NewOrderEmailForm({ current }: { current: NewOrderEmailChoice }) {
  const [choice, setChoice] = useState(current);
  const [status, setStatus] = useState<Status | null>(null);
  const update = useUpdateAlertSettings();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    try {
      const reply = await update.mutateAsync({ newOrderEmail: choice });
      setStatus({ kind: 'success', text: reply.message });
    } catch (error) {
      setStatus({ kind: 'error', text: error instanceof Error ? error.message : 'Saving failed.' });
    }
  }

  return (
    <form className="admin-form admin-section" onSubmit={submit}>
      <fieldset className="alert-choices" disabled={update.isPending}>
        <legend className="admin-subheading">E-mails about new orders</legend>
        {newOrderEmailChoices.map((value) => (
          <label key={value} className="alert-choice">
            <input
              type="radio"
              name="newOrderEmail"
              value={value}
              checked={choice === value}
              onChange={() => setChoice(value)}
              aria-describedby={`new-order-email-${value}`}
            />
            <span>
              {newOrderEmailLabels[value]}
              <span className="admin-muted alert-choice__hint" id={`new-order-email-${value}`}>
                {hints[value]}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="admin-actions">
        <Button type="submit" disabled={update.isPending}>
          Save
        </Button>
      </div>
      <StatusMessage status={status} />
    </form>
  );
}
