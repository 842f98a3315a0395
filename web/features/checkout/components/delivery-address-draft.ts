import type { QueryClient } from '@tanstack/react-query';
import { addressMessages } from '../../../../contracts/address';
import type { ProfileUpdate, User } from '../../../../contracts/auth';
import { normalizeIndianPhone } from '../../../../contracts/phone';
import { type PincodePlace, stateProblem } from '../../../../contracts/pincode';
import type { FieldErrors } from '../../../components/form/field-errors';
import { checkPincode } from '../../../lib/pincode-check';

// docs/product.md#delivery-address: what checkout asks for the parcel, and the rules create-order applies again.

export type DeliveryAddressDraft = Required<
  Pick<
    ProfileUpdate,
    'firstName' | 'lastName' | 'houseName' | 'streetArea' | 'city' | 'state' | 'country' | 'pincode'
  >
> & { deliveryPhone: string };

const requiredFields = ['firstName', 'houseName', 'streetArea', 'city', 'state', 'pincode'] as const;

/** The saved address, the contact mobile prefilled from the account's phone, India as the country. */
export function draftOf(user: User): DeliveryAddressDraft {
  const { firstName, lastName, houseName, streetArea, city, state, country, pincode } = user;
  const deliveryPhone = user.deliveryPhone || user.phone;
  return {
    firstName,
    lastName,
    houseName,
    streetArea,
    city,
    state,
    country: country || 'India',
    pincode,
    deliveryPhone,
  };
}

/** Whether the account has an address a parcel can go to (else checkout asks for it inline). */
export function hasDeliveryAddress(user: User): boolean {
  return requiredFields.every((field) => user[field].trim() !== '');
}

/** docs/product.md#pincode-directory: the city and state India Post gives a newly typed pincode. */
export function withPlace(draft: DeliveryAddressDraft, place: PincodePlace): DeliveryAddressDraft {
  return { ...draft, city: place.city, state: place.state, country: 'India' };
}

/** Each field's problem, as create-order would refuse it; empty when the address keeps every rule. */
export async function draftErrors(
  queryClient: QueryClient,
  draft: DeliveryAddressDraft,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const field of requiredFields) {
    if (draft[field].trim() === '') errors[field] = 'Please fill in this field.';
  }
  if (!errors.pincode) {
    const check = await checkPincode(queryClient, draft.pincode);
    if (check.problem) errors.pincode = check.problem;
  }
  if (!errors.state) {
    const state = stateProblem(draft.state);
    if (state) errors.state = state;
  }
  if (draft.deliveryPhone.trim() === '') errors.deliveryPhone = addressMessages.mobileMissing;
  else {
    const phone = normalizeIndianPhone(draft.deliveryPhone);
    if (!phone.ok) errors.deliveryPhone = phone.message;
  }
  return errors;
}
