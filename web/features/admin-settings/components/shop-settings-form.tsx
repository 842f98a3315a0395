import type { FormEvent } from 'react';
import { indianStates } from '../../../../contracts/india-states';
import {
  MAX_DISPATCH_DAYS,
  type ShopSettings,
  ShopSettingsBodySchema,
  shopSettingsMessages,
} from '../../../../contracts/shop-settings';
import { Button } from '../../../components/button';
import { InputField, SelectField } from '../../../components/form/form-field';
import { useCheckedSave } from '../../../components/form/use-checked-save';
import { useFormValues } from '../../../components/form/use-form-values';
import { StatusMessage } from '../../../components/status-message';
import { useUpdateShopSettings } from '../api/update-shop-settings';
import { SellerDetailsPrompt } from './seller-details-prompt';
import './shop-settings.css';

const fieldNames = [
  'legalName',
  'addressLine1',
  'addressLine2',
  'city',
  'pincode',
  'stateCode',
  'gstin',
  'invoicePrefix',
  'creditNotePrefix',
  'signatureLine',
  'dispatchDays',
  'careEmail',
  'carePhone',
  'grievanceOfficerName',
  'grievanceOfficerDesignation',
  'grievanceOfficerEmail',
  'grievanceOfficerPhone',
] as const;

type FieldName = (typeof fieldNames)[number];
type FormValues = Record<FieldName, string>;

function valuesOf(settings: ShopSettings): FormValues {
  return Object.fromEntries(fieldNames.map((name) => [name, String(settings[name])])) as FormValues;
}

function bodyOf(values: FormValues) {
  const days = values.dispatchDays.trim();
  return { ...values, dispatchDays: days === '' ? Number.NaN : Number(days) };
}

interface ShopSettingsFormProps {
  settings: ShopSettings;
  canEdit: boolean;
}

/** docs/product.md#seller-settings: the seller's details for tax invoices, edited by an owner. */
export function ShopSettingsForm({ settings, canEdit }: ShopSettingsFormProps) {
  const { values, setValues, field, fieldErrors } = useFormValues(() => valuesOf(settings));
  const update = useUpdateShopSettings();
  const { status, submit: save } = useCheckedSave({
    check: (body) => ShopSettingsBodySchema.safeParse(body),
    save: (body) => update.mutateAsync(body),
    onSaved: (reply) => setValues(valuesOf(reply.settings)),
    savedText: shopSettingsMessages.saved,
    invalidText: 'Please check the settings.',
    fieldErrors,
  });
  const submit = (event: FormEvent) => save(event, bodyOf(values));

  return (
    <form className="admin-form settings-form" ref={fieldErrors.formRef} onSubmit={submit} noValidate>
      <p className="settings-note">
        Tax invoices and credit notes print these details as they are when each is issued: a change here
        affects only invoices and credit notes issued after you save it.
      </p>
      {!canEdit && <p className="admin-muted">Only an owner can change the settings.</p>}
      <SellerDetailsPrompt settings={settings} />
      <fieldset className="settings-fieldset" disabled={!canEdit || update.isPending}>
        <legend className="admin-subheading">Seller</legend>
        <InputField label="Legal name" autoComplete="organization" {...field('legalName')} />
        <InputField label="Address line 1" autoComplete="address-line1" {...field('addressLine1')} />
        <InputField
          label="Address line 2 (optional)"
          autoComplete="address-line2"
          {...field('addressLine2')}
        />
        <InputField label="City" autoComplete="address-level2" {...field('city')} />
        <InputField
          label="Pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          {...field('pincode')}
        />
        <SelectField label="State" {...field('stateCode')}>
          <option value="">Choose a state</option>
          {indianStates.map((state) => (
            <option key={state.code} value={state.code}>
              {state.name} ({state.code})
            </option>
          ))}
        </SelectField>
        <InputField
          label="GSTIN"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={15}
          {...field('gstin')}
        />
      </fieldset>
      <fieldset className="settings-fieldset" disabled={!canEdit || update.isPending}>
        <legend className="admin-subheading">Customer care and grievance officer</legend>
        <p className="admin-muted">
          Every policy page and the shop’s footer show the seller’s legal name and address, customer care’s
          contact and the grievance officer, as the Consumer Protection (E-Commerce) Rules, 2020 ask. A change
          shows on the next page a shopper opens.
        </p>
        <InputField
          label="Customer care e-mail"
          type="email"
          inputMode="email"
          autoComplete="email"
          {...field('careEmail')}
        />
        <InputField
          label="Customer care phone (mobile, landline with STD code, or toll-free)"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          {...field('carePhone')}
        />
        <InputField label="Grievance officer’s name" autoComplete="name" {...field('grievanceOfficerName')} />
        <InputField
          label="Grievance officer’s designation"
          autoComplete="organization-title"
          {...field('grievanceOfficerDesignation')}
        />
        <InputField
          label="Grievance officer’s e-mail"
          type="email"
          inputMode="email"
          {...field('grievanceOfficerEmail')}
        />
        <InputField
          label="Grievance officer’s phone"
          type="tel"
          inputMode="tel"
          {...field('grievanceOfficerPhone')}
        />
      </fieldset>
      <fieldset className="settings-fieldset" disabled={!canEdit || update.isPending}>
        <legend className="admin-subheading">Invoices and dispatch</legend>
        <InputField
          label="Invoice number prefix (up to 4 letters, digits or -)"
          autoCapitalize="characters"
          maxLength={4}
          {...field('invoicePrefix')}
        />
        <InputField
          label="Credit note number prefix (up to 4 letters, digits or -)"
          autoCapitalize="characters"
          maxLength={4}
          {...field('creditNotePrefix')}
        />
        <InputField label="Signature line" {...field('signatureLine')} />
        <InputField
          label={`Dispatch time (days from payment to the courier, 0 to ${MAX_DISPATCH_DAYS})`}
          inputMode="numeric"
          {...field('dispatchDays')}
        />
        {canEdit && (
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save settings'}
          </Button>
        )}
      </fieldset>
      <StatusMessage status={status} />
    </form>
  );
}
