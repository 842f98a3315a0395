import { type ChangeEvent, useEffect, useRef } from 'react';
import type { addressFields } from '../../../contracts/auth';
import { indianStates, stateByName } from '../../../contracts/india-states';
import type { PincodePlace } from '../../../contracts/pincode';
import { usePincodeCheck } from '../../lib/pincode-check';
import type { FieldErrors } from './field-errors';
import { InputField, SelectField } from './form-field';

export type AddressFieldName = (typeof addressFields)[number];

export type AddressValues = Record<AddressFieldName, string>;

interface AddressFieldSpec {
  name: AddressFieldName;
  label: string;
  autoComplete: string;
  maxLength: number;
  inputMode?: 'numeric';
}

/**
 * docs/product.md#delivery-address: the address every form asks for (signup, profile, checkout, a return's
 * pickup), pincode first: it fills the city and state, so the shopper types only the house and street after.
 */
export const addressFieldSpecs: readonly AddressFieldSpec[] = [
  { name: 'pincode', label: 'Pincode', autoComplete: 'postal-code', maxLength: 12, inputMode: 'numeric' },
  { name: 'city', label: 'City', autoComplete: 'address-level2', maxLength: 200 },
  { name: 'state', label: 'State', autoComplete: 'address-level1', maxLength: 200 },
  { name: 'country', label: 'Country', autoComplete: 'country-name', maxLength: 200 },
  { name: 'houseName', label: 'House Name', autoComplete: 'address-line1', maxLength: 200 },
  { name: 'streetArea', label: 'Street/Area', autoComplete: 'address-line2', maxLength: 200 },
];

/** The State select's empty choice, for an address with no state yet (or one that is not India's). */
export const noStateChoice = 'Choose your state';

/** Each input and the State select carry their field's name. */
export type AddressChangeEvent = ChangeEvent<HTMLInputElement | HTMLSelectElement>;

interface AddressFieldsProps {
  values: AddressValues;
  onChange: (event: AddressChangeEvent) => void;
  /**
   * docs/product.md#pincode-directory: a newly typed pincode India Post lists gives its city and state, which
   * the form fills in (the shopper may still correct the city).
   */
  onPlace?: (place: PincodePlace) => void;
  errors?: FieldErrors;
  /** Where a form words a field its own way (checkout's 'House/Flat No.'). */
  labels?: Partial<Record<AddressFieldName, string>>;
  readOnly?: boolean;
}

export function AddressFields({ values, onChange, onPlace, errors, labels, readOnly }: AddressFieldsProps) {
  const check = usePincodeCheck(readOnly ? '' : values.pincode);
  // The saved pincode's place is not news: only a pincode typed here fills the city and state.
  const filledFor = useRef(values.pincode.trim());
  const place = check.place;
  useEffect(() => {
    if (!place || place.pincode === filledFor.current) return;
    filledFor.current = place.pincode;
    onPlace?.(place);
  }, [place, onPlace]);

  return addressFieldSpecs.map(({ name, label, ...input }) =>
    name === 'state' && !readOnly ? (
      <StateSelect
        key={name}
        label={labels?.[name] ?? label}
        error={errors?.[name]}
        value={values.state}
        autoComplete={input.autoComplete}
        onChange={onChange}
      />
    ) : (
      <InputField
        key={name}
        label={labels?.[name] ?? label}
        error={errors?.[name] ?? (name === 'pincode' ? check.problem : undefined)}
        name={name}
        readOnly={readOnly}
        value={values[name]}
        onChange={onChange}
        {...input}
      />
    ),
  );
}

interface StateSelectProps {
  label: string;
  error: string | undefined;
  value: string;
  autoComplete: string;
  onChange: (event: AddressChangeEvent) => void;
}

/**
 * docs/product.md#delivery-address: India's states and union territories to choose from, not free text. A
 * saved state written another way the server accepts ("TN", "Orissa") shows as its name; one that is not
 * India's shows no choice, and saving says so beside the field.
 */
function StateSelect({ label, error, value, autoComplete, onChange }: StateSelectProps) {
  const chosen = stateByName(value.trim())?.name ?? '';
  return (
    <SelectField
      label={label}
      error={error}
      name="state"
      autoComplete={autoComplete}
      value={chosen}
      onChange={onChange}
    >
      <option value="">{noStateChoice}</option>
      {indianStates.map((state) => (
        <option key={state.code} value={state.name}>
          {state.name}
        </option>
      ))}
    </SelectField>
  );
}
