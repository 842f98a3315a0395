import type { FormEvent } from 'react';
import {
  MAX_PREPAID_PERCENT,
  PrepaidOfferBodySchema,
  type PrepaidOfferKind,
  type PrepaidOfferSettings,
  prepaidOfferMessages,
} from '../../../../contracts/prepaid-offer';
import { paiseToRupees, rupeesToPaise } from '../../../../contracts/pricing';
import { Button } from '../../../components/button';
import { InputField, SelectField } from '../../../components/form/form-field';
import { useCheckedSave } from '../../../components/form/use-checked-save';
import { useFormValues } from '../../../components/form/use-form-values';
import { StatusMessage } from '../../../components/status-message';
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
  const update = useUpdatePrepaidOffer();
  const { status, submit: save } = useCheckedSave({
    check: (body) => PrepaidOfferBodySchema.safeParse(body),
    save: (body) => update.mutateAsync(body),
    onSaved: (reply) => setValues(valuesOf(reply.settings)),
    savedText: prepaidOfferMessages.saved,
    invalidText: 'Please check the offer.',
    fieldErrors,
  });
  const submit = (event: FormEvent) => save(event, bodyOf(values));

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
