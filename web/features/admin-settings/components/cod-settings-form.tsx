import { type FormEvent, useState } from 'react';
import {
  type CodSettings,
  CodSettingsBodySchema,
  codSettingsMessages,
  MAX_COD_CONFIRM_HOURS,
  MAX_COD_HOLD_MINUTES,
  MAX_COD_VELOCITY_HOURS,
  MAX_COD_VELOCITY_ORDERS,
  MIN_COD_CONFIRM_HOURS,
  MIN_COD_HOLD_MINUTES,
} from '../../../../contracts/cod';
import { paiseToRupees, rupeesToPaise } from '../../../../contracts/pricing';
import { Button } from '../../../components/button';
import { issueFieldErrors, serverFieldErrors } from '../../../components/form/field-errors';
import { InputField } from '../../../components/form/form-field';
import { useFormValues } from '../../../components/form/use-form-values';
import { type Status, StatusMessage } from '../../../components/status-message';
import { useUpdateCodSettings } from '../api/cod-settings';
import './shop-settings.css';

interface FormValues {
  enabled: boolean;
  feePaise: string;
  minOrderPaise: string;
  maxOrderPaise: string;
  rtoLimit: string;
  confirmHours: string;
  holdMinutes: string;
  velocityOrders: string;
  velocityHours: string;
}

function valuesOf(settings: CodSettings): FormValues {
  return {
    enabled: settings.enabled,
    feePaise: String(paiseToRupees(settings.feePaise)),
    minOrderPaise: String(paiseToRupees(settings.minOrderPaise)),
    maxOrderPaise: String(paiseToRupees(settings.maxOrderPaise)),
    rtoLimit: String(settings.rtoLimit),
    confirmHours: String(settings.confirmHours),
    holdMinutes: String(settings.holdMinutes),
    velocityOrders: String(settings.velocityOrders),
    velocityHours: String(settings.velocityHours),
  };
}

/** The form's rupees and counts as the body's paise and whole numbers; a blank or bad entry fails the schema. */
function bodyOf(values: FormValues) {
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  return {
    enabled: values.enabled,
    feePaise: rupeesToPaise(number(values.feePaise)),
    minOrderPaise: rupeesToPaise(number(values.minOrderPaise)),
    maxOrderPaise: rupeesToPaise(number(values.maxOrderPaise)),
    rtoLimit: number(values.rtoLimit),
    confirmHours: number(values.confirmHours),
    holdMinutes: number(values.holdMinutes),
    velocityOrders: number(values.velocityOrders),
    velocityHours: number(values.velocityHours),
  };
}

/** docs/product.md#cash-on-delivery: COD on or off and its rules, edited by an owner (audited). */
export function CodSettingsForm({ settings, canEdit }: { settings: CodSettings; canEdit: boolean }) {
  const { values, setValues, set, field, fieldErrors } = useFormValues(() => valuesOf(settings));
  const [status, setStatus] = useState<Status | null>(null);
  const update = useUpdateCodSettings();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    const parsed = CodSettingsBodySchema.safeParse(bodyOf(values));
    if (!parsed.success) {
      fieldErrors.show(issueFieldErrors(parsed.error.issues));
      setStatus({ kind: 'error', text: parsed.error.issues[0]?.message ?? 'Please check the settings.' });
      return;
    }
    try {
      const reply = await update.mutateAsync(parsed.data);
      setValues(valuesOf(reply.settings));
      setStatus({ kind: 'success', text: reply.message ?? codSettingsMessages.saved });
    } catch (error) {
      fieldErrors.show(serverFieldErrors(error));
      setStatus({ kind: 'error', text: error instanceof Error ? error.message : 'Saving failed.' });
    }
  }

  return (
    <form className="admin-form settings-form" ref={fieldErrors.formRef} onSubmit={submit} noValidate>
      <fieldset className="settings-fieldset" disabled={!canEdit || update.isPending}>
        <legend className="admin-subheading">Cash on delivery</legend>
        <p className="admin-muted">
          Checkout offers cash on delivery only where a courier collects cash, within these order values, for
          products that allow it, to shoppers with a verified mobile. Each COD order must be confirmed by its
          shopper (OTP or link) before it ships. A shopper or mobile has one order awaiting confirmation at a
          time (a new one replaces it), and it holds its items only for the minutes below.
        </p>
        <div className="settings-check">
          <input
            id="cod-enabled"
            type="checkbox"
            checked={values.enabled}
            onChange={(event) => set('enabled', event.target.checked)}
          />
          <label htmlFor="cod-enabled">Offer cash on delivery</label>
        </div>
        <InputField label="COD fee (₹, GST included)" inputMode="decimal" {...field('feePaise')} />
        <InputField label="Minimum order value (₹)" inputMode="decimal" {...field('minOrderPaise')} />
        <InputField label="Maximum order value (₹)" inputMode="decimal" {...field('maxOrderPaise')} />
        <InputField
          label="RTO limit (COD orders returned to origin a shopper may have had)"
          inputMode="numeric"
          {...field('rtoLimit')}
        />
        <InputField
          label={`Hours to confirm (${MIN_COD_CONFIRM_HOURS} to ${MAX_COD_CONFIRM_HOURS})`}
          inputMode="numeric"
          {...field('confirmHours')}
        />
        <InputField
          label={`Minutes an unconfirmed order holds its items (${MIN_COD_HOLD_MINUTES} to ${MAX_COD_HOLD_MINUTES})`}
          inputMode="numeric"
          {...field('holdMinutes')}
        />
        <InputField
          label={`COD orders one shopper or mobile may place before you are alerted (1 to ${MAX_COD_VELOCITY_ORDERS})`}
          inputMode="numeric"
          {...field('velocityOrders')}
        />
        <InputField
          label={`Within this many hours (1 to ${MAX_COD_VELOCITY_HOURS})`}
          inputMode="numeric"
          {...field('velocityHours')}
        />
        {canEdit && (
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save cash on delivery'}
          </Button>
        )}
      </fieldset>
      <StatusMessage status={status} />
    </form>
  );
}
