import type { AdminCouponReply, CouponPatch } from '../../../../contracts/coupons';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { useCouponChange } from './use-coupon-change';

export interface CouponUpdate {
  id: number;
  patch: CouponPatch;
}

/** docs/product.md#console-coupons: an edit sends the fields that changed; pause, resume and end send the status. */
export function updateCoupon({ id, patch }: CouponUpdate) {
  return adminApi.patch<AdminCouponReply>(adminApiPaths.coupon(id), patch);
}

export function useUpdateCoupon() {
  return useCouponChange(updateCoupon);
}
