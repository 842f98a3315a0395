// docs/product.md#pincode-directory: one rule for a pincode wherever it is typed (sign-up, profile, the
// checkout address, the location pop-up) and again in create-order. The directory itself stays on the server;
// the browser asks GET /api/delivery/{pincode}, which answers the place with the delivery date.

import { stateByName } from './india-states';
import { pincodeFormatMessage, pincodeFormatProblem } from './pincode-format';

export { pincodeFormatProblem } from './pincode-format';

/** Where India Post's directory puts a pincode: its city (docs/product.md#pincode-directory) and its state. */
export interface PincodePlace {
  pincode: string;
  city: string;
  state: string;
}

export const pincodeMessages = {
  format: pincodeFormatMessage,
  unknown: (pincode: string) =>
    `We could not find pincode ${pincode} in India Post's directory. Please check it.`,
  state: 'Please choose your state or union territory.',
} as const;

/** The whole pincode rule: the format, then the directory (the server's, or the API's answer in the browser). */
export function pincodeProblem(
  pincode: string,
  lookUp: (pincode: string) => PincodePlace | undefined,
): string | undefined {
  const format = pincodeFormatProblem(pincode);
  if (format) return format;
  return lookUp(pincode.trim()) ? undefined : pincodeMessages.unknown(pincode.trim());
}

/** A state must be one of India's states and union territories ("TN" and "Orissa" included). */
export function stateProblem(state: string): string | undefined {
  return stateByName(state.trim()) ? undefined : pincodeMessages.state;
}
