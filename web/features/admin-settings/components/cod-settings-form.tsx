import type { FormEvent } from 'react';
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
import { InputField } from '../../../components/form/form-field';
import { useCheckedSave } from '../../../components/form/use-checked-save';
import { useFormValues } from '../../../components/form/use-form-values';
import { StatusMessage } from '../../../components/status-message';
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
  const update = useUpdateCodSettings();
  const { status, submit: save } = useCheckedSave({
    check: (body) => CodSettingsBodySchema.safeParse(body),
    save: (body) => update.mutateAsync(body),
    onSaved: (reply) => setValues(valuesOf(reply.settings)),
    savedText: codSettingsMessages.saved,
    invalidText: 'Please check the settings.',
    fieldErrors,
  });
  const submit = (event: FormEvent) => save(event, bodyOf(values));

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
