import type { PincodePlace } from '../../../../contracts/pincode';
import { type AddressChangeEvent, AddressFields } from '../../../components/form/address-fields';
import type { FieldErrors } from '../../../components/form/field-errors';
import { InputField } from '../../../components/form/form-field';
import type { DeliveryAddressDraft } from './delivery-address-draft';

// docs/product.md#screens Checkout: the address labels houseName House/Flat No.
const addressLabels = { houseName: 'House/Flat No.' } as const;

interface DeliveryAddressFieldsProps {
  values: DeliveryAddressDraft;
  onChange: (event: AddressChangeEvent) => void;
  onPlace: (place: PincodePlace) => void;
  errors: FieldErrors;
}

/**
 * docs/product.md#delivery-address: the contact mobile couriers call, the address pincode first (it fills
 * the city and state), then the name: the order a shopper types them in.
 */
export function DeliveryAddressFields({ values, onChange, onPlace, errors }: DeliveryAddressFieldsProps) {
  return (
    <>
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
    </>
  );
}
