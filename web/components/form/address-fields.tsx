import { type ChangeEvent, useEffect, useRef } from 'react';
import type { addressFields } from '../../../contracts/auth';
import type { PincodePlace } from '../../../contracts/pincode';
import { usePincodeCheck } from '../../lib/pincode-check';
import type { FieldErrors } from './field-errors';
import { InputField } from './form-field';

export type AddressFieldName = (typeof addressFields)[number];

export type AddressValues = Record<AddressFieldName, string>;

interface AddressFieldSpec {
  name: AddressFieldName;
  label: string;
  autoComplete: string;
  maxLength: number;
  inputMode?: 'numeric';
}

/** The address every form asks for (signup, profile, checkout), in the order shoppers write it. */
export const addressFieldSpecs: readonly AddressFieldSpec[] = [
  { name: 'houseName', label: 'House Name', autoComplete: 'address-line1', maxLength: 200 },
  { name: 'streetArea', label: 'Street/Area', autoComplete: 'address-line2', maxLength: 200 },
  { name: 'city', label: 'City', autoComplete: 'address-level2', maxLength: 200 },
  { name: 'state', label: 'State', autoComplete: 'address-level1', maxLength: 200 },
  { name: 'country', label: 'Country', autoComplete: 'country-name', maxLength: 200 },
  { name: 'pincode', label: 'Pincode', autoComplete: 'postal-code', maxLength: 12, inputMode: 'numeric' },
];

interface AddressFieldsProps {
  values: AddressValues;
  /** Each input carries its field's name. */
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
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

  return addressFieldSpecs.map(({ name, label, ...input }) => (
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
  ));
}
