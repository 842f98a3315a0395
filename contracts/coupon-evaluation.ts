import { percentOfPaise, shareInProportion } from './allocation';
import { type CouponKind, type CouponStatus, couponMessages, MIN_ORDER_TOTAL_PAISE } from './coupon-rules';

// docs/product.md#discount-codes and docs/product.md#money: whether a code applies to a cart, and what it
// takes off. Pure: the server runs it on its own prices and counts (at the cart, at checkout under the
// coupon's lock), the property tests drive it with any cart.

/** A code's terms, money in paise. */
export interface CouponTerms {
  code: string;
  kind: CouponKind;
  percentOff: number | null;
  maxDiscountPaise: number | null;
  amountOffPaise: number | null;
  minOrderPaise: number;
  validFrom: Date;
  validUntil: Date | null;
  totalUses: number | null;
  usesPerShopper: number;
  firstOrderOnly: boolean;
  productIds: readonly number[];
  categories: readonly string[];
  status: CouponStatus;
}

/** A cart line at the server's price: the unit price after the product's own discount. */
export interface CouponLine {
  productId: number;
  category: string;
  unitPricePaise: number;
  quantity: number;
}

/** What the shop knows of the code's uses and of the shopper, read under the coupon's lock at checkout. */
export interface CouponHistory {
  /** Consumed uses of the code (paid orders not cancelled before shipping), every shopper's. */
  usedCount: number;
  /** Uses held by other shoppers' checkouts in progress. */
  heldByOthers: number;
  /** This shopper's consumed uses of the code. */
  shopperUses: number;
  /** This shopper has a paid order not cancelled before shipping. */
  shopperHasPaidOrder: boolean;
}

export type CouponRefusal =
  | 'unknown'
  | 'inactive'
  | 'notYetValid'
  | 'expired'
  | 'usedUp'
  | 'alreadyUsed'
  | 'firstOrderOnly'
  | 'noEligibleItem'
  | 'minimum';

export interface CouponDiscount {
  applies: true;
  /** Off the goods, in paise; 0 for a free-shipping code. */
  discountPaise: number;
  /** Each line's part of the discount, in the lines' order (0 on lines the code does not cover). */
  sharesPaise: number[];
  freeShipping: boolean;
  /** The shipping the order charges: the fee, or 0 with a free-shipping code. */
  shippingPaise: number;
  /** subtotal - discount + shipping. */
  totalPaise: number;
}

export type CouponVerdict = CouponDiscount | { applies: false; refusal: CouponRefusal; message: string };

/** The lines a code covers: all of them, or those named by product or category (docs/product.md#money). */
export function eligibleLines(
  terms: Pick<CouponTerms, 'productIds' | 'categories'>,
  lines: readonly CouponLine[],
) {
  const everyLine = terms.productIds.length === 0 && terms.categories.length === 0;
  return lines.map(
    (line) =>
      everyLine || terms.productIds.includes(line.productId) || terms.categories.includes(line.category),
  );
}

const lineValue = (line: CouponLine) => line.unitPricePaise * line.quantity;

/** The first rule the code breaks for this shopper and cart, in the order a shopper can act on them. */
function refusalOf(
  terms: CouponTerms,
  lines: readonly CouponLine[],
  covered: readonly boolean[],
  history: CouponHistory,
  now: Date,
): { refusal: CouponRefusal; message: string } | undefined {
  if (terms.status !== 'active') return { refusal: 'inactive', message: couponMessages.inactive };
  if (now < terms.validFrom) {
    return { refusal: 'notYetValid', message: couponMessages.notYetValid(terms.validFrom) };
  }
  if (terms.validUntil && now >= terms.validUntil)
    return { refusal: 'expired', message: couponMessages.expired };
  if (terms.totalUses !== null && history.usedCount + history.heldByOthers >= terms.totalUses) {
    return { refusal: 'usedUp', message: couponMessages.usedUp };
  }
  if (history.shopperUses >= terms.usesPerShopper) {
    return { refusal: 'alreadyUsed', message: couponMessages.alreadyUsed };
  }
  if (terms.firstOrderOnly && history.shopperHasPaidOrder) {
    return { refusal: 'firstOrderOnly', message: couponMessages.firstOrderOnly };
  }
  if (!covered.some(Boolean)) return { refusal: 'noEligibleItem', message: couponMessages.noEligibleItem };
  const subtotal = lines.reduce((sum, line) => sum + lineValue(line), 0);
  if (subtotal < terms.minOrderPaise) {
    const shortRupees = Math.ceil((terms.minOrderPaise - subtotal) / 100);
    return { refusal: 'minimum', message: couponMessages.minimum(shortRupees, terms.code) };
  }
  return undefined;
}

/**
 * Whether the code applies to the cart and, when it does, its discount, the lines' shares and the totals.
 * `shippingFeePaise` is the fee of the subtotal before the coupon (docs/product.md#shipping-fee): a code never
 * raises it.
 */
export function evaluateCoupon(
  terms: CouponTerms,
  lines: readonly CouponLine[],
  shippingFeePaise: number,
  history: CouponHistory,
  now: Date,
): CouponVerdict {
  const covered = eligibleLines(terms, lines);
  const refused = refusalOf(terms, lines, covered, history, now);
  if (refused) return { applies: false, ...refused };

  const subtotal = lines.reduce((sum, line) => sum + lineValue(line), 0);
  const weights = lines.map((line, index) => (covered[index] ? lineValue(line) : 0));
  const eligibleValue = weights.reduce((sum, weight) => sum + weight, 0);
  const freeShipping = terms.kind === 'free_shipping';
  let discount = 0;
  if (terms.kind === 'percent') {
    discount = percentOfPaise(eligibleValue, terms.percentOff ?? 0);
    if (terms.maxDiscountPaise !== null) discount = Math.min(discount, terms.maxDiscountPaise);
  } else if (terms.kind === 'flat') {
    discount = Math.min(terms.amountOffPaise ?? 0, eligibleValue);
  }
  // The order keeps at least 100 paise to charge: the discount, then the free shipping, give way first.
  const room = Math.max(0, subtotal + shippingFeePaise - MIN_ORDER_TOTAL_PAISE);
  discount = Math.min(discount, room);
  const shippingPaise = freeShipping ? shippingFeePaise - Math.min(shippingFeePaise, room) : shippingFeePaise;
  return {
    applies: true,
    discountPaise: discount,
    sharesPaise: shareInProportion(discount, weights),
    freeShipping,
    shippingPaise,
    totalPaise: subtotal - discount + shippingPaise,
  };
}
