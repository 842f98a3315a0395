import { useQuery } from '@tanstack/react-query';
import type { CouponOffersReply } from '../../../../contracts/coupons';
import { apiClient } from '../../../lib/api-client';

/** Here rather than in lib/paths.ts, whose every path rides in the first load (docs/operations.md#performance-budget). */
const COUPON_OFFERS_PATH = '/coupons/offers';

/** docs/product.md#discount-codes GET /coupons/offers: the public codes, each with why it does not apply yet. */
export function getCouponOffers(signal?: AbortSignal): Promise<CouponOffersReply> {
  return apiClient.get<CouponOffersReply>(COUPON_OFFERS_PATH, { signal });
}

/**
 * Under the cart's keys, so signing out forgets them; `pricedCart` names the cart they were asked for (its
 * lines and code), as whether an offer applies follows the cart.
 */
export function useCouponOffers(pricedCart: string, enabled: boolean) {
  return useQuery({
    queryKey: ['cart', 'coupon-offers', pricedCart],
    queryFn: ({ signal }) => getCouponOffers(signal),
    enabled,
  });
}
