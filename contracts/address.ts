// docs/product.md#delivery-address: the rules a delivery address keeps, the same in the checkout form, the
// profile and create-order, which refuses an address that breaks any of them before any payment exists.

import { messages } from './messages';
import { normalizeIndianPhone } from './phone';
import { type PincodePlace, pincodeProblem, stateProblem } from './pincode';

export interface DeliveryAddressInput {
  houseName: string;
  streetArea: string;
  city: string;
  state: string;
  pincode: string;
  /** The contact mobile couriers call: the address's own, else the account's. */
  mobile: string;
}

export const addressMessages = {
  mobileMissing: 'Please add a mobile number the courier can call.',
} as const;

/** The first rule the address breaks, or undefined when it keeps them all. */
export function deliveryAddressProblem(
  address: DeliveryAddressInput,
  lookUp: (pincode: string) => PincodePlace | undefined,
): string | undefined {
  const { houseName, streetArea, city, state, pincode, mobile } = address;
  if ([houseName, streetArea, city, state, pincode].some((field) => field.trim() === '')) {
    return messages.completeProfile;
  }
  const problem = pincodeProblem(pincode, lookUp) ?? stateProblem(state);
  if (problem) return problem;
  if (mobile.trim() === '') return addressMessages.mobileMissing;
  const phone = normalizeIndianPhone(mobile);
  return phone.ok ? undefined : phone.message;
}
