import { useQuery } from '@tanstack/react-query';
import type { AdminCouponDetailReply } from '../../../../contracts/coupons';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { couponKeys } from './coupon-keys';

export function getAdminCoupon(id: number) {
  return adminApi.get<AdminCouponDetailReply>(adminApiPaths.coupon(id));
}

export function useAdminCoupon(id: number) {
  return useQuery({ queryKey: couponKeys.coupon(id), queryFn: () => getAdminCoupon(id) });
}
