import type { ShopSettings } from './shop-settings';

// Apart from contracts/shop-settings.ts, whose schema (zod, the phone plan) the console's dashboard need not load.

/**
 * docs/product.md#seller-and-grievance-officer: what the law asks the shop's pages and invoices to show that the
 * settings do not hold yet, as the console's "Fill in your seller details" prompt and the log at start list it;
 * empty once all is there. A fresh shop has none of it (docs/operations.md#seller-details).
 */
export function missingSellerDetails(
  settings: Pick<
    ShopSettings,
    'legalName' | 'addressLine1' | 'gstin' | 'careEmail' | 'carePhone' | 'grievanceOfficerName'
  >,
): string[] {
  const missing: string[] = [];
  if (settings.legalName === '' || settings.addressLine1 === '' || settings.gstin === '') {
    missing.push('the seller’s legal name, address and GSTIN');
  }
  if (settings.careEmail === '') missing.push('customer care’s e-mail');
  if (settings.carePhone === '') missing.push('customer care’s phone');
  if (settings.grievanceOfficerName === '') missing.push('the grievance officer');
  return missing;
}

/**
 * docs/product.md#returns: a reverse pickup brings the parcel to the seller's address, which the courier is
 * given with the seller's name and customer care's phone; what of it the settings lack (empty once all is there).
 */
export function missingReturnAddress(
  settings: Pick<ShopSettings, 'legalName' | 'addressLine1' | 'city' | 'pincode' | 'stateCode' | 'carePhone'>,
): string[] {
  const missing: string[] = [];
  if (settings.legalName === '') missing.push('the seller’s legal name');
  if (
    settings.addressLine1 === '' ||
    settings.city === '' ||
    settings.pincode === '' ||
    settings.stateCode === ''
  ) {
    missing.push('the seller’s address');
  }
  if (courierPhoneOf(settings.carePhone) === undefined) {
    missing.push(
      settings.carePhone === ''
        ? 'customer care’s phone'
        : 'customer care’s phone as a mobile or a landline with its STD code (a courier cannot call a 1800 number)',
    );
  }
  return missing;
}

/**
 * A phone as the 10 digits a courier is given (Shiprocket takes no other): a mobile, or a landline with its STD
 * code and the leading 0 dropped; undefined for a 1800 or 1860 number or anything else.
 */
export function courierPhoneOf(phone: string): string | undefined {
  let digits = phone.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^[2-9]\d{9}$/.test(digits) ? digits : undefined;
}
