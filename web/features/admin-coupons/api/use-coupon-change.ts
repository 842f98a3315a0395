import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCouponReply } from '../../../../contracts/coupons';
import { couponKeys } from './coupon-keys';

/** A change to a coupon: on success the list and the code's page are fetched again (their stats with them). */
export function useCouponChange<Input>(run: (input: Input) => Promise<AdminCouponReply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}
