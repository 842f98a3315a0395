import { useId } from 'react';
import type { CartLine } from '../../../../contracts/cart';
import { formatRupees } from '../../../../contracts/format';
import { computeCartTotals } from '../../../../contracts/pricing';
import './checkout.css';

/**
 * docs/product.md#screens Checkout price details, by the rules of docs/product.md#money from the server's prices. Coupons have no
 * behaviour in the original client: the row shows only its 'Apply Coupon' label.
 */
export function PriceDetails({ lines }: { lines: readonly CartLine[] }) {
  const titleId = useId();
  const totals = computeCartTotals(lines);

  return (
    <section className="checkout-card price-details" aria-labelledby={titleId}>
      <h2 id={titleId} className="checkout-card__title">
        Price Details
      </h2>
      <dl className="price-details__rows">
        <div>
          <dt>Total MRP</dt>
          <dd>{formatRupees(totals.mrp)}</dd>
        </div>
        <div>
          <dt>Discount on MRP</dt>
          <dd className="price-details__saving">−{formatRupees(totals.discount)}</dd>
        </div>
        <div>
          <dt>Coupon Discount</dt>
          <dd>Apply Coupon</dd>
        </div>
        <div>
          <dt>Shipping Cost</dt>
          <dd>{totals.shipping === 0 ? 'FREE' : formatRupees(totals.shipping)}</dd>
        </div>
        <div className="price-details__total">
          <dt>Total Amount</dt>
          <dd>{formatRupees(totals.total)}</dd>
        </div>
      </dl>
    </section>
  );
}
