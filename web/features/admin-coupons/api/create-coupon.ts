import type { AdminCouponReply, ValidCouponInput } from '../../../../contracts/coupons';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { useCouponChange } from './use-coupon-change';

export function createCoupon(input: ValidCouponInput) {
  return adminApi.post<AdminCouponReply>(adminApiPaths.coupons, input);
}

export function useCreateCoupon() {
  return useCouponChange(createCoupon);
}
