import { useQuery } from '@tanstack/react-query';
import type { AdminCouponsReply } from '../../../../contracts/coupons';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { couponKeys } from './coupon-keys';

export function getAdminCoupons() {
  return adminApi.get<AdminCouponsReply>(adminApiPaths.coupons);
}

export function useAdminCoupons() {
  return useQuery({ queryKey: couponKeys.list, queryFn: getAdminCoupons });
}
