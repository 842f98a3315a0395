import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { isPlausibleMobile } from './phone';

// docs/product.md#seller-and-grievance-officer: the seller's customer-care and grievance numbers may be a mobile,
// a landline with its STD code or a toll-free number, so libphonenumber's Indian numbering plan checks them (a
// shopper's number is always a mobile: contracts/phone.ts). Kept apart from contracts/phone.ts, which the shop's
// first load carries: the plan's data is for the console and the server only.

export const sellerPhoneMessage =
  'Please enter an Indian mobile, landline (with its STD code) or toll-free number, e.g. 98450 12345, 080 2345 6789 or 1800 123 4567.';

/** Toll-free (1800) and shared-cost (1860) numbers cannot be dialled from abroad: they are shown without +91. */
const NATIONAL_ONLY = /^1(?:800|860)/;

/**
 * The number as pages show it, "+91 98450 12345", "+91 80 2345 6789" or "1800 123 4567", or undefined when it is
 * not a working Indian number (a mobile made of one digit or a straight run is a fake, as for shoppers).
 */
export function formatSellerPhone(input: string): string | undefined {
  const number = parsePhoneNumberFromString(input.trim(), 'IN');
  if (number?.country !== 'IN' || !number.isValid()) return undefined;
  const digits = String(number.nationalNumber);
  if (/^[6-9]\d{9}$/.test(digits) && !isPlausibleMobile(digits)) return undefined;
  return NATIONAL_ONLY.test(digits) ? number.formatNational() : number.formatInternational();
}
