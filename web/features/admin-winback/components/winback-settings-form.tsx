import type { FormEvent } from 'react';
import {
  MAX_FIRST_DELAY_MINUTES,
  MIN_FIRST_DELAY_MINUTES,
  type WinbackSettings,
  WinbackSettingsBodySchema,
  winbackMessages,
} from '../../../../contracts/winback';
import { Button } from '../../../components/button';
import { InputField } from '../../../components/form/form-field';
import { useCheckedSave } from '../../../components/form/use-checked-save';
import { useFormValues } from '../../../components/form/use-form-values';
import { StatusMessage } from '../../../components/status-message';
import { useUpdateWinbackSettings, useWinbackSettings } from '../api/winback-settings';

interface FormValues {
  enabled: boolean;
  firstDelayMinutes: string;
  secondDelayMinutes: string;
  secondReminderCode: string;
}

function valuesOf(settings: WinbackSettings): FormValues {
  return {
    enabled: settings.enabled,
    firstDelayMinutes: String(settings.firstDelayMinutes),
    secondDelayMinutes: String(settings.secondDelayMinutes),
    secondReminderCode: settings.secondReminderCode ?? '',
  };
}

/** The form's minutes as the body's whole numbers; a blank or bad entry fails the schema with its message. */
function bodyOf(values: FormValues) {
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  const code = values.secondReminderCode.trim();
  return {
    enabled: values.enabled,
    firstDelayMinutes: number(values.firstDelayMinutes),
    secondDelayMinutes: number(values.secondDelayMinutes),
    secondReminderCode: code === '' ? null : code,
  };
}

/** docs/product.md#winback-settings: the checkout reminders, on or off, when they go, the second one's code (owner). */
export function WinbackSettingsForm({ settings, canEdit }: { settings: WinbackSettings; canEdit: boolean }) {
  const { values, setValues, set, field, fieldErrors } = useFormValues(() => valuesOf(settings));
  const update = useUpdateWinbackSettings();
  const { status, submit: save } = useCheckedSave({
    check: (body) => WinbackSettingsBodySchema.safeParse(body),
    save: (body) => update.mutateAsync(body),
    onSaved: (reply) => setValues(valuesOf(reply.settings)),
    savedText: winbackMessages.settingsSaved,
    invalidText: 'Please check the reminder settings.',
    fieldErrors,
  });
  const submit = (event: FormEvent) => save(event, bodyOf(values));
  return (
    <form className="admin-form settings-form" ref={fieldErrors.formRef} onSubmit={submit} noValidate>
      <fieldset className="settings-fieldset" disabled={!canEdit || update.isPending}>
        <legend className="admin-subheading">Checkout reminders</legend>
        <p className="admin-muted">
          A shopper who leaves a checkout unpaid (or a cash-on-delivery order unconfirmed) gets up to two
          reminders by e-mail, or SMS without an e-mail, with a link back to checkout. Never from 9 pm to 9
          am, never after the order is paid or the cart changed, never to a shopper who opted out, and at most
          2 promotional messages a day and 4 a week to anyone.
        </p>
        <div className="settings-check">
          <input
            id="winback-enabled"
            type="checkbox"
            checked={values.enabled}
            onChange={(event) => set('enabled', event.target.checked)}
          />
          <label htmlFor="winback-enabled">Send checkout reminders</label>
        </div>
        <InputField
          label={`First reminder, minutes after the checkout (${MIN_FIRST_DELAY_MINUTES} to ${MAX_FIRST_DELAY_MINUTES})`}
          inputMode="numeric"
          {...field('firstDelayMinutes')}
        />
        <InputField
          label="Second reminder, minutes after the checkout (1380 is 23 hours)"
          inputMode="numeric"
          {...field('secondDelayMinutes')}
        />
        <InputField
          label="Discount code in the second reminder (optional)"
          autoCapitalize="characters"
          {...field('secondReminderCode')}
        />
        {canEdit && (
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save reminder settings'}
          </Button>
        )}
      </fieldset>
      <StatusMessage status={status} />
    </form>
  );
}

export function WinbackSettingsSection({ canEdit }: { canEdit: boolean }) {
  const settings = useWinbackSettings();
  if (settings.isError) return <StatusMessage status={{ kind: 'error', text: settings.error.message }} />;
  return settings.data ? <WinbackSettingsForm settings={settings.data.settings} canEdit={canEdit} /> : null;
}
