import { type ReactNode, useId } from 'react';
import type { CartLine } from '../../../../contracts/cart';
import { formatRupees } from '../../../../contracts/format';
import { computeCartTotals } from '../../../../contracts/pricing';
import { FreeShippingNudge } from '../../../components/free-shipping-nudge';
import './cart.css';

/** The discount code on the signed-in shopper's cart, with the amounts the server priced it at, as text. */
export interface CartSummaryCoupon {
  code: string;
  /** "−₹59.90", "Free shipping", or "Updating…" while a change is priced again. */
  amount: string;
  freeShipping: boolean;
  /** The server's total after the code, or "Updating…". */
  total: string;
}

interface CartSummaryProps {
  lines: readonly CartLine[];
  /** docs/product.md#coupon-at-checkout: a code already on the cart shows here as at checkout. */
  coupon?: CartSummaryCoupon | null;
  /** The buttons under the totals. */
  children: ReactNode;
}

/**
 * docs/product.md#screens Cart summary, by the rules of docs/product.md#money from the server's prices: the subtotal is already
 * discounted, so the discount line says what was saved rather than subtracting again.
 */
export function CartSummary({ lines, coupon = null, children }: CartSummaryProps) {
  const titleId = useId();
  const totals = computeCartTotals(lines);

  return (
    <section className="cart-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="cart-summary__title">
        Order Summary
      </h2>
      <dl className="cart-summary__rows">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatRupees(totals.subtotal)}</dd>
        </div>
        <div>
          <dt>Discount</dt>
          <dd>You save {formatRupees(totals.discount)}</dd>
        </div>
        {coupon && (
          <div>
            <dt>Coupon Discount ({coupon.code})</dt>
            <dd>{coupon.amount}</dd>
          </div>
        )}
        <div>
          <dt>Shipping</dt>
          <dd>{totals.shipping === 0 || coupon?.freeShipping ? 'FREE' : formatRupees(totals.shipping)}</dd>
        </div>
        <div className="cart-summary__total">
          <dt>Total</dt>
          <dd>{coupon ? coupon.total : formatRupees(totals.total)}</dd>
        </div>
      </dl>
      <FreeShippingNudge subtotal={totals.subtotal} />
      <div className="cart-summary__actions">{children}</div>
    </section>
  );
}
