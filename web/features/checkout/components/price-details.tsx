import { type ReactNode, useId } from 'react';
import { codMessages } from '../../../../contracts/cod-rules';
import { formatRupees } from '../../../../contracts/format';
import { PREPAID_OFFER_LABEL } from '../../../../contracts/prepaid-offer-words';
import { type CheckoutAmounts, formatPaiseAmount } from '../checkout-amounts';
import './checkout.css';

interface PriceDetailsProps {
  amounts: CheckoutAmounts;
  /** Apply Coupon, which opens the coupon panel; or, with a code on the cart, its Remove. */
  couponAction: ReactNode;
  /** Under the rows: the coupon panel and what happened to a code. */
  children?: ReactNode;
  /** docs/product.md#cash-on-delivery: the COD fee, its own line and part of the total, when COD is chosen. */
  codFeePaise?: number;
  /** docs/product.md#prepaid-offer: the server's prepaid offer, its own line and off the total, paying online. */
  prepaidOfferPaise?: number;
}

export const updating = 'Updating…';

export function couponAmountText(amounts: CheckoutAmounts): string {
  const { coupon } = amounts;
  if (coupon === null) return '';
  // docs/product.md#money: on an order that ships free anyway a free-shipping code still applies, and gives 0.
  if (coupon.freeShipping) return 'Free shipping';
  return amounts.totalPaise === null ? updating : `−${formatPaiseAmount(coupon.discountPaise)}`;
}

/**
 * docs/product.md#screens Checkout price details, by the rules of docs/product.md#money from the server's prices;
 * a code's discount and the total after it as the server priced them (docs/product.md#discount-codes).
 */
export function PriceDetails({
  amounts,
  couponAction,
  children,
  codFeePaise = 0,
  prepaidOfferPaise = 0,
}: PriceDetailsProps) {
  const titleId = useId();
  const { coupon } = amounts;

  return (
    <section className="checkout-card price-details" aria-labelledby={titleId}>
      <h2 id={titleId} className="checkout-card__title">
        Price Details
      </h2>
      <dl className="price-details__rows">
        <div>
          <dt>Total MRP</dt>
          <dd>{formatRupees(amounts.mrp)}</dd>
        </div>
        <div>
          <dt>Discount on MRP</dt>
          <dd className="price-details__saving">−{formatRupees(amounts.discount)}</dd>
        </div>
        {coupon === null ? (
          <div>
            <dt>Coupon Discount</dt>
            <dd>{couponAction}</dd>
          </div>
        ) : (
          <div>
            <dt>Coupon Discount ({coupon.code})</dt>
            <dd className="price-details__saving">{couponAmountText(amounts)}</dd>
          </div>
        )}
        {prepaidOfferPaise > 0 && (
          <div>
            <dt>{PREPAID_OFFER_LABEL}</dt>
            <dd className="price-details__saving">
              {amounts.totalPaise === null ? updating : `−${formatPaiseAmount(prepaidOfferPaise)}`}
            </dd>
          </div>
        )}
        <div>
          <dt>Shipping Cost</dt>
          <dd>{amounts.shipping === 0 ? 'FREE' : formatRupees(amounts.shipping)}</dd>
        </div>
        {codFeePaise > 0 && (
          <div>
            <dt>{codMessages.feeLine}</dt>
            <dd>{formatPaiseAmount(codFeePaise)}</dd>
          </div>
        )}
        <div className="price-details__total">
          <dt>Total Amount</dt>
          <dd>
            {amounts.totalPaise === null
              ? updating
              : formatPaiseAmount(amounts.totalPaise + codFeePaise - prepaidOfferPaise)}
          </dd>
        </div>
      </dl>
      {coupon !== null && couponAction}
      {children}
    </section>
  );
}
