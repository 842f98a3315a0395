import type { ChangeEvent } from 'react';
import type { PincodePlace } from '../../../../contracts/pincode';
import { AddressFields } from '../../../components/form/address-fields';
import type { FieldErrors } from '../../../components/form/field-errors';
import { InputField } from '../../../components/form/form-field';
import type { DeliveryAddressDraft } from './delivery-address-draft';

// docs/product.md#screens Checkout: the address labels houseName House/Flat No.
const addressLabels = { houseName: 'House/Flat No.' } as const;

interface DeliveryAddressFieldsProps {
  values: DeliveryAddressDraft;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onPlace: (place: PincodePlace) => void;
  errors: FieldErrors;
}

/** docs/product.md#delivery-address: the name, the contact mobile couriers call, and the address. */
export function DeliveryAddressFields({ values, onChange, onPlace, errors }: DeliveryAddressFieldsProps) {
  return (
    <>
      <InputField
        label="First Name"
        error={errors.firstName}
        name="firstName"
        autoComplete="given-name"
        maxLength={100}
        value={values.firstName}
        onChange={onChange}
      />
      <InputField
        label="Last Name"
        error={errors.lastName}
        name="lastName"
        autoComplete="family-name"
        maxLength={100}
        value={values.lastName}
        onChange={onChange}
      />
      <InputField
        label="Mobile number for delivery"
        error={errors.deliveryPhone}
        name="deliveryPhone"
        type="tel"
        autoComplete="tel"
        maxLength={20}
        value={values.deliveryPhone}
        onChange={onChange}
      />
      <AddressFields
        values={values}
        labels={addressLabels}
        errors={errors}
        onChange={onChange}
        onPlace={onPlace}
      />
    </>
  );
}
