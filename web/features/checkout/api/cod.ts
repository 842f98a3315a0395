import { useQuery } from '@tanstack/react-query';
import type { CodConfirmed, CodEligibility, PlacedCodOrder } from '../../../../contracts/cod';
import { apiClient } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

// docs/product.md#cash-on-delivery: the shopper's COD calls.

/**
 * Whether the cart may be paid cash on delivery, under the cart's keys (signing out forgets it); `pricedCart`
 * names the cart and address it was asked for, as the answer follows them.
 */
export function useCodEligibility(pricedCart: string, enabled: boolean) {
  return useQuery({
    queryKey: ['cart', 'cod-eligibility', pricedCart],
    queryFn: ({ signal }) => apiClient.get<CodEligibility>(apiPaths.codEligibility, { signal }),
    enabled,
    retry: false,
  });
}

/** PLACE ORDER with cash on delivery: the total the page showed, so a changed cart is caught. */
export function placeCodOrder(expectedAmountPaise: number, whatsappUpdates = false): Promise<PlacedCodOrder> {
  return apiClient.post<PlacedCodOrder>(apiPaths.codPlaceOrder, {
    expectedAmountPaise,
    ...(whatsappUpdates ? { whatsappUpdates } : {}),
  });
}

export function confirmCodOrder(orderId: string, otp: string): Promise<CodConfirmed> {
  return apiClient.post<CodConfirmed>(apiPaths.codConfirm, { orderId, otp });
}

export function resendCodOtp(orderId: string): Promise<PlacedCodOrder> {
  return apiClient.post<PlacedCodOrder>(apiPaths.codResendOtp, { orderId });
}

export function confirmCodLink(token: string): Promise<CodConfirmed> {
  return apiClient.post<CodConfirmed>(apiPaths.codConfirmLink, { token });
}
