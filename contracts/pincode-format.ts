// docs/product.md#pincode-directory: the format of a pincode alone, with no state list or delivery dates: the
// delivery check and line of the product and cart pages need it in their first load
// (docs/operations.md#performance-budget). contracts/delivery.ts and contracts/pincode.ts re-export it.

/** India Post's six digits; none starts with 0. */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;

export const pincodeFormatMessage = 'Pincode must be 6 digits and cannot start with 0';

/** The format rule alone: six digits, none of them a leading 0. */
export function pincodeFormatProblem(pincode: string): string | undefined {
  return PINCODE_PATTERN.test(pincode.trim()) ? undefined : pincodeFormatMessage;
}
