/** Every console coupon query starts with these, so a change can refresh them together. */
export const couponKeys = {
  all: ['admin', 'coupons'] as const,
  list: ['admin', 'coupons', 'list'] as const,
  coupon: (id: number) => ['admin', 'coupons', 'detail', id] as const,
};
