import { stateByCode } from '../../../contracts/india-states';
import type { SellerDetails } from '../../../contracts/public-config';
import type { ShopSettings } from './read-shop-settings';

/** "12 MG Road, Ashok Nagar, Bengaluru 560001, Karnataka"; empty until the owner saves the address. */
function addressLine(settings: ShopSettings): string {
  if (settings.addressLine1 === '') return '';
  const place = [settings.city, settings.pincode].filter(Boolean).join(' ');
  const state = stateByCode(settings.stateCode)?.name ?? '';
  return [settings.addressLine1, settings.addressLine2, place, state].filter(Boolean).join(', ');
}

/** docs/product.md#seller-and-grievance-officer: the settings as the policy pages and the footer show them. */
export function sellerDetailsOf(settings: ShopSettings): SellerDetails {
  return {
    legalName: settings.legalName,
    address: addressLine(settings),
    email: settings.careEmail,
    phone: settings.carePhone,
    grievanceOfficer:
      settings.grievanceOfficerName === ''
        ? null
        : {
            name: settings.grievanceOfficerName,
            designation: settings.grievanceOfficerDesignation,
            email: settings.grievanceOfficerEmail,
            phone: settings.grievanceOfficerPhone,
          },
  };
}
