import { type ReactNode, useId } from 'react';
import type { CartLine } from '../../../../contracts/cart';
import { formatRupees } from '../../../../contracts/format';
import { computeCartTotals } from '../../../../contracts/pricing';
import { FreeShippingNudge } from '../../../components/free-shipping-nudge';
import './cart.css';

interface CartSummaryProps {
  lines: readonly CartLine[];
  /** The buttons under the totals. */
  children: ReactNode;
}

/**
 * docs/product.md#screens Cart summary, by the rules of docs/product.md#money from the server's prices: the subtotal is already
 * discounted, so the discount line says what was saved rather than subtracting again.
 */
export function CartSummary({ lines, children }: CartSummaryProps) {
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
        <div>
          <dt>Shipping</dt>
          <dd>{totals.shipping === 0 ? 'FREE' : formatRupees(totals.shipping)}</dd>
        </div>
        <div className="cart-summary__total">
          <dt>Total</dt>
          <dd>{formatRupees(totals.total)}</dd>
        </div>
      </dl>
      <FreeShippingNudge subtotal={totals.subtotal} />
      <div className="cart-summary__actions">{children}</div>
    </section>
  );
}
