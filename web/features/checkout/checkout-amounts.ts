import type { CartLine } from '../../../contracts/cart';
import type { CartCoupon } from '../../../contracts/coupons';
import { formatRupees, formatRupeesExact } from '../../../contracts/format';
import { computeCartTotals, rupeesToPaise } from '../../../contracts/pricing';

// docs/product.md#money: the lines' amounts follow from the server's prices as before; a code's discount and
// the total after it are the server's alone (docs/product.md#discount-codes), never worked out here.

/** What the checkout knows of the server's pricing with the cart's code. */
export interface CouponPricing {
  coupon: CartCoupon | null;
  /** The total after the code, in paise, as the server priced it. */
  totalPaise: number | null;
  /** Whether that pricing is of the lines on screen. */
  current: boolean;
}

export interface CheckoutAmounts {
  /** Rupees, from the lines. */
  mrp: number;
  discount: number;
  subtotal: number;
  /** Rupees; 0 when free, by the tier or by a free-shipping code. */
  shipping: number;
  /** The code on the cart, or null. */
  coupon: CartCoupon | null;
  /** Null while a change is being priced again (the code's amount would be stale). */
  totalPaise: number | null;
}

export function checkoutAmounts(lines: readonly CartLine[], pricing: CouponPricing | null): CheckoutAmounts {
  const totals = computeCartTotals(lines);
  const lineAmounts = { mrp: totals.mrp, discount: totals.discount, subtotal: totals.subtotal };
  const coupon = pricing?.coupon ?? null;
  if (coupon === null) {
    return { ...lineAmounts, shipping: totals.shipping, coupon, totalPaise: rupeesToPaise(totals.total) };
  }
  const priced = pricing?.current === true && pricing.totalPaise !== null;
  return {
    ...lineAmounts,
    shipping: coupon.freeShipping ? 0 : totals.shipping,
    coupon,
    totalPaise: priced ? (pricing?.totalPaise ?? null) : null,
  };
}

/** docs/product.md#amount-display: an amount in paise in rupees, with the paise only when there are some: ₹86.70, ₹90. */
export function formatPaiseAmount(paise: number): string {
  return paise % 100 === 0 ? formatRupees(paise / 100) : formatRupeesExact(paise / 100);
}
