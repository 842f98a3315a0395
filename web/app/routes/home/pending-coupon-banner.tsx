import { usePendingCoupon } from '../../../lib/pending-coupon';

/** docs/product.md#campaign-links: a visitor who came by a campaign link sees the code is kept for them. */
export function PendingCouponBanner() {
  const code = usePendingCoupon();
  if (code === null) return null;
  return (
    <p className="pending-coupon" role="status">
      Code <strong>{code}</strong> will be applied at checkout
    </p>
  );
}
