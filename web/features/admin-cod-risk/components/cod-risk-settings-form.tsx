import type { FormEvent } from 'react';
import {
  type CodAdvanceKind,
  type CodAdvanceScope,
  type CodRiskSettings,
  CodRiskSettingsBodySchema,
  codRiskSettingsMessages,
  MAX_COD_ADVANCE_PAISE,
  MAX_PINCODE_RTO_WINDOW,
  MIN_COD_ADVANCE_PAISE,
  MIN_PINCODE_RTO_WINDOW,
} from '../../../../contracts/cod-risk';
import { paiseToRupees, rupeesToPaise } from '../../../../contracts/pricing';
import { Button } from '../../../components/button';
import { InputField, SelectField } from '../../../components/form/form-field';
import { useCheckedSave } from '../../../components/form/use-checked-save';
import { useFormValues } from '../../../components/form/use-form-values';
import { StatusMessage } from '../../../components/status-message';
import { useCodRiskSettings, useUpdateCodRiskSettings } from '../api/cod-risk-settings';

interface FormValues {
  firstOrderLimitEnabled: boolean;
  firstOrderLimitPaise: string;
  pincodeRtoEnabled: boolean;
  pincodeRtoWindow: string;
  pincodeRtoMinSample: string;
  pincodeRtoThresholdPercent: string;
  advanceFor: CodAdvanceScope;
  advanceKind: CodAdvanceKind;
  advanceFixedPaise: string;
}

function valuesOf(settings: CodRiskSettings): FormValues {
  return {
    firstOrderLimitEnabled: settings.firstOrderLimitEnabled,
    firstOrderLimitPaise: String(paiseToRupees(settings.firstOrderLimitPaise)),
    pincodeRtoEnabled: settings.pincodeRtoEnabled,
    pincodeRtoWindow: String(settings.pincodeRtoWindow),
    pincodeRtoMinSample: String(settings.pincodeRtoMinSample),
    pincodeRtoThresholdPercent: String(settings.pincodeRtoThresholdPercent),
    advanceFor: settings.advanceFor,
    advanceKind: settings.advanceKind,
    advanceFixedPaise: String(paiseToRupees(settings.advanceFixedPaise)),
  };
}

/** The form's rupees and counts as the body's paise and whole numbers; a blank or bad entry fails the schema. */
function bodyOf(values: FormValues) {
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  return {
    firstOrderLimitEnabled: values.firstOrderLimitEnabled,
    firstOrderLimitPaise: rupeesToPaise(number(values.firstOrderLimitPaise)),
    pincodeRtoEnabled: values.pincodeRtoEnabled,
    pincodeRtoWindow: number(values.pincodeRtoWindow),
    pincodeRtoMinSample: number(values.pincodeRtoMinSample),
    pincodeRtoThresholdPercent: number(values.pincodeRtoThresholdPercent),
    advanceFor: values.advanceFor,
    advanceKind: values.advanceKind,
    advanceFixedPaise: rupeesToPaise(number(values.advanceFixedPaise)),
  };
}

/** docs/product.md#cod-risk-rules: the COD risk rules, edited by an owner (audited). */
export function CodRiskSettingsForm({ settings, canEdit }: { settings: CodRiskSettings; canEdit: boolean }) {
  const { values, setValues, set, field, fieldErrors } = useFormValues(() => valuesOf(settings));
  const update = useUpdateCodRiskSettings();
  const { status, submit: save } = useCheckedSave({
    check: (body) => CodRiskSettingsBodySchema.safeParse(body),
    save: (body) => update.mutateAsync(body),
    onSaved: (reply) => setValues(valuesOf(reply.settings)),
    savedText: codRiskSettingsMessages.saved,
    invalidText: 'Please check the rules.',
    fieldErrors,
  });
  const submit = (event: FormEvent) => save(event, bodyOf(values));

  return (
    <form className="admin-form settings-form" ref={fieldErrors.formRef} onSubmit={submit} noValidate>
      <fieldset className="settings-fieldset" disabled={!canEdit || update.isPending}>
        <legend className="admin-subheading">COD risk rules</legend>
        <p className="admin-muted">
          Checked at every checkout, with the COD settings' minimum order value and RTO limit: the rule that
          applies makes the order online only (or, for the first-order and pincode rules, COD with an advance,
          below), and the shopper sees why beside the cash-on-delivery choice. The Cash on delivery page shows
          the RTO rate by pincode and who each rule refused.
        </p>
        <div className="settings-check">
          <input
            id="cod-risk-first-order"
            type="checkbox"
            checked={values.firstOrderLimitEnabled}
            onChange={(event) => set('firstOrderLimitEnabled', event.target.checked)}
          />
          <label htmlFor="cod-risk-first-order">Limit COD on a shopper's first order</label>
        </div>
        <InputField
          label="First-order COD limit (₹; a shopper with no delivered order pays online above it)"
          inputMode="decimal"
          {...field('firstOrderLimitPaise')}
        />
        <div className="settings-check">
          <input
            id="cod-risk-pincode"
            type="checkbox"
            checked={values.pincodeRtoEnabled}
            onChange={(event) => set('pincodeRtoEnabled', event.target.checked)}
          />
          <label htmlFor="cod-risk-pincode">Refuse COD at pincodes with many returns to origin</label>
        </div>
        <InputField
          label={`Last COD orders looked at per pincode (${MIN_PINCODE_RTO_WINDOW} to ${MAX_PINCODE_RTO_WINDOW})`}
          inputMode="numeric"
          {...field('pincodeRtoWindow')}
        />
        <InputField
          label="Fewest of those orders before the rule applies"
          inputMode="numeric"
          {...field('pincodeRtoMinSample')}
        />
        <InputField
          label="RTO rate at which COD is refused (%, 1 to 100)"
          inputMode="numeric"
          {...field('pincodeRtoThresholdPercent')}
        />
        <SelectField
          label="Advance paid by UPI at PLACE ORDER (confirms the order instead of the OTP)"
          name="advanceFor"
          value={values.advanceFor}
          onChange={(event) => set('advanceFor', event.target.value as CodAdvanceScope)}
        >
          <option value="none">No advance: risky orders pay online</option>
          <option value="risky">From orders the first-order or pincode rule would refuse</option>
          <option value="all">From every COD order</option>
        </SelectField>
        <SelectField
          label="Advance amount"
          name="advanceKind"
          value={values.advanceKind}
          onChange={(event) => set('advanceKind', event.target.value as CodAdvanceKind)}
        >
          <option value="fixed">A fixed amount</option>
          <option value="cod_fee">The COD fee</option>
        </SelectField>
        <InputField
          label={`Fixed advance (₹${paiseToRupees(MIN_COD_ADVANCE_PAISE)} to ₹${paiseToRupees(MAX_COD_ADVANCE_PAISE)})`}
          inputMode="decimal"
          {...field('advanceFixedPaise')}
        />
        {canEdit && (
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save COD risk rules'}
          </Button>
        )}
      </fieldset>
      <StatusMessage status={status} />
    </form>
  );
}

/** The risk rules' section of the Settings page, reading its own settings. */
export function CodRiskSettingsSection({ canEdit }: { canEdit: boolean }) {
  const risk = useCodRiskSettings();
  if (risk.isError) return <StatusMessage status={{ kind: 'error', text: risk.error.message }} />;
  return risk.data ? <CodRiskSettingsForm settings={risk.data.settings} canEdit={canEdit} /> : null;
}
