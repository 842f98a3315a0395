import { useQuery } from '@tanstack/react-query';
import type { CodConfirmed, CodEligibility, PlacedCodOrder } from '../../../../contracts/cod';
import { apiClient } from '../../../lib/api-client';

// docs/product.md#cash-on-delivery: the shopper's COD calls.

/**
 * Their paths, relative to the API base: here rather than in lib/paths.ts, whose every path rides in the first
 * load, where no COD call is made (docs/operations.md#performance-budget).
 */
const codApiPaths = {
  eligibility: '/cod/eligibility',
  placeOrder: '/cod/place-order',
  confirm: '/cod/confirm',
  resendOtp: '/cod/resend-otp',
  confirmLink: '/cod/confirm-link',
} as const;

/**
 * Whether the cart may be paid cash on delivery, under the cart's keys (signing out forgets it); `pricedCart`
 * names the cart and address it was asked for, as the answer follows them.
 */
export function useCodEligibility(pricedCart: string, enabled: boolean) {
  return useQuery({
    queryKey: ['cart', 'cod-eligibility', pricedCart],
    queryFn: ({ signal }) => apiClient.get<CodEligibility>(codApiPaths.eligibility, { signal }),
    enabled,
    retry: false,
  });
}

/** PLACE ORDER with cash on delivery: the total the page showed, so a changed cart is caught. */
export function placeCodOrder(
  expectedAmountPaise: number,
  whatsappUpdates?: boolean,
): Promise<PlacedCodOrder> {
  return apiClient.post<PlacedCodOrder>(codApiPaths.placeOrder, {
    expectedAmountPaise,
    whatsappUpdates: whatsappUpdates || undefined,
  });
}

export function confirmCodOrder(orderId: string, otp: string): Promise<CodConfirmed> {
  return apiClient.post<CodConfirmed>(codApiPaths.confirm, { orderId, otp });
}

export function resendCodOtp(orderId: string): Promise<PlacedCodOrder> {
  return apiClient.post<PlacedCodOrder>(codApiPaths.resendOtp, { orderId });
}

export function confirmCodLink(token: string): Promise<CodConfirmed> {
  return apiClient.post<CodConfirmed>(codApiPaths.confirmLink, { token });
}
