import { reminderSwitchLabels } from '../../../../contracts/winback-rules';
import { useReminderPreference, useUpdateReminderPreference } from '../api/reminder-preference';

/** docs/product.md#winback-consent: the profile's switch of checkout reminders, honoured at once. */
export function ReminderSwitch() {
  const preference = useReminderPreference();
  const update = useUpdateReminderPreference();
  const error = update.error?.message ?? preference.error?.message;
  return (
    <section className="account-section" aria-labelledby="reminders-heading">
      <h2 id="reminders-heading">Reminders</h2>
      <div className="settings-check">
        <input
          id="checkout-reminders"
          type="checkbox"
          aria-describedby="checkout-reminders-hint"
          checked={preference.data ? !preference.data.optedOut : false}
          disabled={!preference.data || update.isPending}
          onChange={(event) => update.mutate({ optedOut: !event.target.checked })}
        />
        <label htmlFor="checkout-reminders">{reminderSwitchLabels.profileSwitch}</label>
      </div>
      <p id="checkout-reminders-hint">{reminderSwitchLabels.profileHint}</p>
      <p role="status">{update.data?.message ?? ''}</p>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
