import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SellerDetails, ShopDetails } from '../../contracts/public-config';
import { getPublicConfig } from './get-public-config';

/**
 * docs/product.md#seller-and-grievance-officer: the seller, the grievance officer and the ways to pay (cash on
 * delivery while offered), from GET /config: the owner's settings, the one source of what the footer and the
 * policies say. The pages the server renders carry them already (docs/architecture.md#pages-as-html); the
 * others ask once a visit.
 */
export const shopDetailsQueryOptions = queryOptions({
  queryKey: ['shop-details'],
  // The whole reply holds them; a page the server rendered carries only them.
  queryFn: ({ signal }): Promise<ShopDetails> => getPublicConfig(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useShopDetails() {
  return useQuery(shopDetailsQueryOptions);
}

/** Whether the owner has filled in anything the pages show about the seller. */
export function hasSellerDetails(seller: SellerDetails | undefined): seller is SellerDetails {
  return Boolean(
    seller && (seller.legalName || seller.address || seller.email || seller.phone || seller.grievanceOfficer),
  );
}

/** "tel:+918023456789" for a number as the settings show it ("+91 80 2345 6789", "1800 123 4567"). */
export function telephoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
