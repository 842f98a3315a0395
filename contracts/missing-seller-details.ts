import type { ShopSettings } from './shop-settings';

// Apart from contracts/shop-settings.ts, whose schema (zod, the phone plan) the console's dashboard need not load.

/**
 * docs/product.md#seller-and-grievance-officer: what the law asks the shop's pages to show that the settings do
 * not hold yet, as the console's "Fill in your seller details" prompt lists it; empty once all is there.
 */
export function missingSellerDetails(settings: ShopSettings): string[] {
  const missing: string[] = [];
  if (settings.legalName === '' || settings.addressLine1 === '') {
    missing.push('the seller’s legal name and address');
  }
  if (settings.careEmail === '') missing.push('customer care’s e-mail');
  if (settings.carePhone === '') missing.push('customer care’s phone');
  if (settings.grievanceOfficerName === '') missing.push('the grievance officer');
  return missing;
}
