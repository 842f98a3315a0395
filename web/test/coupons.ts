import type { CartReply } from '../../contracts/cart';
import { type CartCoupon, type Coupon, type CouponStats, couponMessages } from '../../contracts/coupons';
import { computeCartTotals, rupeesToPaise } from '../../contracts/pricing';
import type { ApiCall, ApiRoutes } from './fake-api';
import { cartLineOf, type SentLine } from './shop-lists';

// Factories for the discount codes' component tests, in the contract's shapes (docs/product.md#discount-codes).

/** WELCOME10 as the console shows it: 10% off, first order only, from ₹500; a new id unless given. */
export function aCoupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    id: 7,
    code: 'WELCOME10',
    kind: 'percent',
    percentOff: 10,
    maxDiscountRupees: null,
    amountOffRupees: null,
    minOrderRupees: 500,
    validFrom: '2026-11-30T18:30:00.000Z',
    validUntil: '2026-12-31T18:29:00.000Z',
    totalUses: 100,
    usesPerShopper: 1,
    firstOrderOnly: true,
    productIds: [],
    categories: [],
    public: true,
    description: '10% off your first order',
    status: 'active',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function someStats(overrides: Partial<CouponStats> = {}): CouponStats {
  return { usedCount: 0, heldCount: 0, discountGivenPaise: 0, revenuePaise: 0, ...overrides };
}

/**
 * A cart reply as the server prices it: the lines, their summary, and the code on the cart with the
 * discount the test says it gives (the page never works a discount out: it shows this one).
 */
export function pricedCartReply(
  lines: SentLine[],
  coupon: CartCoupon | null = null,
  couponNotice: string | null = null,
): CartReply {
  const cart = lines.map(cartLineOf);
  const totals = computeCartTotals(cart);
  const shipping = coupon?.freeShipping ? 0 : totals.shipping;
  const discount = coupon?.discountPaise ?? 0;
  return {
    cart,
    summary: {
      itemCount: cart.reduce((sum, line) => sum + line.quantity, 0),
      lineCount: cart.length,
      mrp: totals.mrp,
      subtotal: totals.subtotal,
      discount: totals.discount,
      shipping: totals.shipping,
      tax: 0,
      total: totals.total,
      couponDiscountPaise: discount,
      totalPaise: rupeesToPaise(totals.subtotal + shipping) - discount,
    },
    coupon,
    couponNotice,
  };
}

export function aCartCoupon(overrides: Partial<CartCoupon> = {}): CartCoupon {
  return {
    code: 'WELCOME10',
    kind: 'percent',
    discountPaise: 0,
    freeShipping: false,
    description: '10% off your first order',
    ...overrides,
  };
}

/**
 * The cart's routes with a code: GET and update answer the stored lines priced with `priceCoupon`'s answer
 * for them (null: the code no longer applies, and the update says it was dropped with `dropReason`).
 */
export function couponCartServer(
  initial: SentLine[],
  options: {
    applied?: CartCoupon | null;
    priceCoupon?: (lines: SentLine[], code: string) => CartCoupon | null;
    dropReason?: string;
  } = {},
) {
  let lines = initial;
  let applied = options.applied ?? null;
  const price = options.priceCoupon ?? ((_lines, code) => aCartCoupon({ code }));
  const routes: ApiRoutes = {
    'GET /api/cart': () => pricedCartReply(lines, applied),
    'POST /api/cart/update': (call: ApiCall) => {
      lines = (call.body as { cart: SentLine[] }).cart;
      if (applied === null) return pricedCartReply(lines);
      const code = applied.code;
      applied = price(lines, code);
      const notice = applied === null ? couponMessages.dropped(code, options.dropReason ?? '') : null;
      return pricedCartReply(lines, applied, notice);
    },
    'DELETE /api/cart/coupon': () => {
      applied = null;
      return pricedCartReply(lines);
    },
  };
  return {
    routes,
    apply: (coupon: CartCoupon) => {
      applied = coupon;
      return pricedCartReply(lines, applied);
    },
    applied: () => applied,
  };
}
