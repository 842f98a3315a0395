import { and, eq } from 'drizzle-orm';
import type { CartLine, CartReply } from '../../../contracts/cart';
import {
  type CouponDiscount,
  type CouponLine,
  type CouponVerdict,
  evaluateCoupon,
} from '../../../contracts/coupon-evaluation';
import { couponMessages } from '../../../contracts/coupon-rules';
import { rupeesToPaise } from '../../../contracts/pricing';
import type { Database } from '../../db/client';
import { carts } from '../../db/schema';
import { type CouponRow, type CouponStanding, couponStanding, termsOf } from '../coupons/coupon-standing';

// docs/product.md#discount-codes: the code applied to the cart, checked against the server's prices every
// time the cart is priced, so the cart, the offers and the checkout all say the same.

/** The cart's lines as the evaluation reads them: the server's unit price after the product's discount. */
export function couponLinesOf(cart: readonly CartLine[]): CouponLine[] {
  return cart.map((line) => ({
    productId: line.id,
    category: line.category,
    unitPricePaise: rupeesToPaise(line.discountedPrice),
    quantity: line.quantity,
  }));
}

/** The code's verdict on the cart; a code no coupon has is refused as unknown. */
export function judgeCoupon(
  reply: CartReply,
  standing: CouponStanding | undefined,
  now = new Date(),
): CouponVerdict {
  if (!standing) return { applies: false, refusal: 'unknown', message: couponMessages.unknown };
  const shippingFee = rupeesToPaise(reply.summary.shipping);
  return evaluateCoupon(
    termsOf(standing.coupon),
    couponLinesOf(reply.cart),
    shippingFee,
    standing.history,
    now,
  );
}

/** The reply with the code applied: its discount and the total after it (docs/product.md#money). */
export function withCoupon(reply: CartReply, coupon: CouponRow, verdict: CouponDiscount): CartReply {
  return {
    ...reply,
    summary: { ...reply.summary, couponDiscountPaise: verdict.discountPaise, totalPaise: verdict.totalPaise },
    coupon: {
      code: coupon.code,
      kind: coupon.kind,
      discountPaise: verdict.discountPaise,
      freeShipping: verdict.freeShipping,
      description: coupon.description,
    },
  };
}

export interface PricedCart {
  reply: CartReply;
  /** The code that applies, with its discount and shares. */
  applied?: { coupon: CouponRow; verdict: CouponDiscount };
  /** Why the cart's code was dropped (a couponMessages text). */
  refusal?: string;
}

/** Takes the code off the cart, unless another request replaced it meanwhile. */
export async function dropCartCoupon(db: Database, userId: string, code: string) {
  await db.delete(carts).where(and(eq(carts.userId, userId), eq(carts.couponCode, code)));
}

/**
 * Prices the cart with its code, if it has one: one more round trip for the code's standing, none without a
 * code. A code that no longer applies is taken off the cart and the reply's notice says why.
 */
export async function priceCartWithCoupon(
  db: Database,
  userId: string,
  reply: CartReply,
  code: string | null,
): Promise<PricedCart> {
  if (code === null) return { reply };
  const standing = reply.cart.length === 0 ? undefined : await couponStanding(db, code, userId);
  const verdict: CouponVerdict =
    reply.cart.length === 0
      ? { applies: false, refusal: 'noEligibleItem', message: couponMessages.noEligibleItem }
      : judgeCoupon(reply, standing);
  if (verdict.applies && standing) {
    return {
      reply: withCoupon(reply, standing.coupon, verdict),
      applied: { coupon: standing.coupon, verdict },
    };
  }
  const message = verdict.applies ? couponMessages.unknown : verdict.message;
  await dropCartCoupon(db, userId, code);
  return { reply: { ...reply, couponNotice: couponMessages.dropped(code, message) }, refusal: message };
}
