import { type FormEvent, useState } from 'react';
import {
  MAX_PREPAID_PERCENT,
  PrepaidOfferBodySchema,
  type PrepaidOfferKind,
  type PrepaidOfferSettings,
  prepaidOfferMessages,
} from '../../../../contracts/prepaid-offer';
import { paiseToRupees, rupeesToPaise } from '../../../../contracts/pricing';
import { Button } from '../../../components/button';
import { issueFieldErrors, serverFieldErrors } from '../../../components/form/field-errors';
import { InputField, SelectField } from '../../../components/form/form-field';
import { useFormValues } from '../../../components/form/use-form-values';
import { type Status, StatusMessage } from '../../../components/status-message';
import { useUpdatePrepaidOffer } from '../api/prepaid-offer';
import './shop-settings.css';

interface FormValues {
  enabled: boolean;
  kind: string;
  percentOff: string;
  maxDiscountPaise: string;
  amountOffPaise: string;
}

const rupeesText = (paise: number | null) => (paise === null ? '' : String(paiseToRupees(paise)));

function valuesOf(settings: PrepaidOfferSettings): FormValues {
  return {
    enabled: settings.enabled,
    kind: settings.kind,
    percentOff: settings.percentOff === null ? '' : String(settings.percentOff),
    maxDiscountPaise: rupeesText(settings.maxDiscountPaise),
    amountOffPaise: rupeesText(settings.amountOffPaise),
  };
}

/** The form's rupees as the body's paise; only the chosen kind's figures are sent, a blank or bad one fails. */
function bodyOf(values: FormValues) {
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  const percent = values.kind === 'percent';
  return {
    enabled: values.enabled,
    kind: values.kind as PrepaidOfferKind,
    percentOff: percent ? number(values.percentOff) : null,
    maxDiscountPaise: percent ? rupeesToPaise(number(values.maxDiscountPaise)) : null,
    amountOffPaise: percent ? null : rupeesToPaise(number(values.amountOffPaise)),
  };
}

/** docs/product.md#prepaid-offer: the discount for paying online, edited by an owner (audited). */
export function PrepaidOfferForm({
  settings,
  canEdit,
}: {
  settings: PrepaidOfferSettings;
  canEdit: boolean;
}) {
  const { values, setValues, set, field, fieldErrors } = useFormValues(() => valuesOf(settings));
  const [status, setStatus] = useState<Status | null>(null);
  const update = useUpdatePrepaidOffer();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    const parsed = PrepaidOfferBodySchema.safeParse(bodyOf(values));
    if (!parsed.success) {
      fieldErrors.show(issueFieldErrors(parsed.error.issues));
      setStatus({ kind: 'error', text: parsed.error.issues[0]?.message ?? 'Please check the offer.' });
      return;
    }
    try {
      const reply = await update.mutateAsync(parsed.data);
      setValues(valuesOf(reply.settings));
      setStatus({ kind: 'success', text: reply.message ?? prepaidOfferMessages.saved });
    } catch (error) {
      fieldErrors.show(serverFieldErrors(error));
      setStatus({ kind: 'error', text: error instanceof Error ? error.message : 'Saving failed.' });
    }
  }

  return (
    <form className="admin-form settings-form" ref={fieldErrors.formRef} onSubmit={submit} noValidate>
      <fieldset className="settings-fieldset" disabled={!canEdit || update.isPending}>
        <legend className="admin-subheading">Prepaid offer</legend>
        <p className="admin-muted">
          A discount for paying online, never for cash on delivery. It comes off the goods after any discount
          code, on what is left to pay for them; checkout shows it beside the payment choice, and invoices and
          credit notes carry it as a discount.
        </p>
        <div className="settings-check">
          <input
            id="prepaid-offer-enabled"
            type="checkbox"
            checked={values.enabled}
            onChange={(event) => set('enabled', event.target.checked)}
          />
          <label htmlFor="prepaid-offer-enabled">Offer a discount for paying online</label>
        </div>
        <SelectField label="Kind" {...field('kind')}>
          <option value="percent">Percent of the goods, up to a cap</option>
          <option value="flat">A flat amount</option>
        </SelectField>
        {values.kind === 'percent' ? (
          <>
            <InputField
              label={`Percent off (1 to ${MAX_PREPAID_PERCENT})`}
              inputMode="numeric"
              {...field('percentOff')}
            />
            <InputField label="At most (₹)" inputMode="decimal" {...field('maxDiscountPaise')} />
          </>
        ) : (
          <InputField label="Amount off (₹)" inputMode="decimal" {...field('amountOffPaise')} />
        )}
        {canEdit && (
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save prepaid offer'}
          </Button>
        )}
      </fieldset>
      <StatusMessage status={status} />
    </form>
  );
}
