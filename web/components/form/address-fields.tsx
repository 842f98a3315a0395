import type { ChangeEvent } from 'react';
import type { addressFields } from '../../../contracts/auth';
import type { FieldErrors } from './field-errors';
import { InputField } from './form-field';

export type AddressFieldName = (typeof addressFields)[number];

export type AddressValues = Record<AddressFieldName, string>;

interface AddressFieldSpec {
  name: AddressFieldName;
  label: string;
  autoComplete: string;
  maxLength: number;
}

/** The address every form asks for (signup, profile, checkout), in the order shoppers write it. */
export const addressFieldSpecs: readonly AddressFieldSpec[] = [
  { name: 'houseName', label: 'House Name', autoComplete: 'address-line1', maxLength: 200 },
  { name: 'streetArea', label: 'Street/Area', autoComplete: 'address-line2', maxLength: 200 },
  { name: 'city', label: 'City', autoComplete: 'address-level2', maxLength: 200 },
  { name: 'state', label: 'State', autoComplete: 'address-level1', maxLength: 200 },
  { name: 'country', label: 'Country', autoComplete: 'country-name', maxLength: 200 },
  { name: 'pincode', label: 'Pincode', autoComplete: 'postal-code', maxLength: 12 },
];

interface AddressFieldsProps {
  values: AddressValues;
  /** Each input carries its field's name. */
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  errors?: FieldErrors;
  /** Where a form words a field its own way (checkout's 'House/Flat No.'). */
  labels?: Partial<Record<AddressFieldName, string>>;
  readOnly?: boolean;
}

export function AddressFields({ values, onChange, errors, labels, readOnly }: AddressFieldsProps) {
  return addressFieldSpecs.map(({ name, label, autoComplete, maxLength }) => (
    <InputField
      key={name}
      label={labels?.[name] ?? label}
      error={errors?.[name]}
      name={name}
      autoComplete={autoComplete}
      maxLength={maxLength}
      readOnly={readOnly}
      value={values[name]}
      onChange={onChange}
    />
  ));
}
