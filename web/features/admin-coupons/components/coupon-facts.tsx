import { productCategoryLabels } from '../../../../contracts/catalogue-rules';
import type { Coupon, CouponStats } from '../../../../contracts/coupons';
import { formatRupees } from '../../../../contracts/format';
import { formatPaise, humanise } from '../../../lib/console-format';
import { couponKindLabels, couponUsesText, couponValidityText, couponValueText } from '../format';

/** A code's terms and how it did, as the list's cards and the code's page show them. */
export function CouponFacts({ coupon, stats }: { coupon: Coupon; stats: CouponStats }) {
  return (
    <dl className="admin-details">
      <dt>Kind</dt>
      <dd>{couponKindLabels[coupon.kind]}</dd>
      <dt>Value</dt>
      <dd>{couponValueText(coupon)}</dd>
      <dt>Status</dt>
      <dd>{humanise(coupon.status)}</dd>
      <dt>Valid</dt>
      <dd>{couponValidityText(coupon)}</dd>
      <dt>Uses</dt>
      <dd>
        {couponUsesText(coupon, stats)}
        {stats.heldCount > 0 && `, ${stats.heldCount} held by checkouts in progress`}
      </dd>
      <dt>Discount given</dt>
      <dd>{formatPaise(stats.discountGivenPaise)}</dd>
      <dt>Revenue</dt>
      <dd>{formatPaise(stats.revenuePaise)}</dd>
      <dt>Minimum order</dt>
      <dd>{coupon.minOrderRupees === 0 ? 'None' : formatRupees(coupon.minOrderRupees)}</dd>
    </dl>
  );
}

/** The rest of a code's terms, on its page. */
export function CouponTerms({
  coupon,
  productTitle,
}: {
  coupon: Coupon;
  productTitle: (id: number) => string;
}) {
  const limits = [
    ...coupon.productIds.map(productTitle),
    ...coupon.categories.map((category) => `${productCategoryLabels[category]} (category)`),
  ];
  return (
    <dl className="admin-details">
      <dt>Uses per shopper</dt>
      <dd>{coupon.usesPerShopper}</dd>
      <dt>First order only</dt>
      <dd>{coupon.firstOrderOnly ? 'Yes' : 'No'}</dd>
      <dt>Applies to</dt>
      <dd>{limits.length === 0 ? 'Every product' : limits.join(', ')}</dd>
      <dt>Listed at checkout</dt>
      <dd>{coupon.public ? `Yes: "${coupon.description}"` : 'No (private)'}</dd>
    </dl>
  );
}
