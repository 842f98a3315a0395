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
