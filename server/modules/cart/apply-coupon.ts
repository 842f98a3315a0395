import { eq, sql } from 'drizzle-orm';
import type { CartReply } from '../../../contracts/cart';
import type { CouponRefusal } from '../../../contracts/coupon-evaluation';
import {
  COUPON_ATTEMPT_WINDOW_MINUTES,
  COUPON_ATTEMPTS_PER_IP,
  COUPON_ATTEMPTS_PER_SHOPPER,
  type CouponOffer,
  couponMessages,
  normaliseCouponCode,
} from '../../../contracts/coupons';
import type { Database } from '../../db/client';
import { carts } from '../../db/schema';
import { AppError } from '../../errors';
import type { FailureCounters } from '../../plugins/rate-limit-store';
import { couponStanding, publicOfferStandings } from '../coupons/coupon-standing';
import { judgeCoupon, withCoupon } from './cart-coupon';
import { readCart, toCartReply } from './service';

// docs/product.md#discount-codes: the shopper applies a code to the cart, takes it off, and sees the offers.

const WINDOW_MS = COUPON_ATTEMPT_WINDOW_MINUTES * 60_000;

const attemptKeys = (userId: string, ip: string) => ({
  shopper: `coupon-shopper:${userId}`,
  ip: `coupon-ip:${ip}`,
});

/**
 * Codes cannot be guessed cheaply: after too many codes that no coupon has in the window, no code is even
 * looked at (docs/product.md#discount-codes).
 */
async function refuseWhenTooManyFailures(counters: FailureCounters, userId: string, ip: string) {
  const keys = attemptKeys(userId, ip);
  const [byShopper, byIp] = await Promise.all([counters.count(keys.shopper), counters.count(keys.ip)]);
  if (byShopper >= COUPON_ATTEMPTS_PER_SHOPPER || byIp >= COUPON_ATTEMPTS_PER_IP) {
    throw new AppError('rate_limited', couponMessages.tooManyAttempts);
  }
}

async function countFailure(counters: FailureCounters, userId: string, ip: string) {
  const keys = attemptKeys(userId, ip);
  await Promise.all([counters.add(keys.shopper, WINDOW_MS), counters.add(keys.ip, WINDOW_MS)]);
}

/** Applies the code (replacing one applied already), or refuses with the rule's message (422). */
export async function applyCartCoupon(
  db: Database,
  counters: FailureCounters,
  attempt: { userId: string; ip: string; code: string },
): Promise<CartReply> {
  const { userId, ip } = attempt;
  await refuseWhenTooManyFailures(counters, userId, ip);
  const code = normaliseCouponCode(attempt.code);
  const [{ rows }, standing] = await Promise.all([readCart(db, userId), couponStanding(db, code, userId)]);
  const reply = toCartReply(rows);
  const verdict = judgeCoupon(reply, standing);
  if (!verdict.applies || !standing) {
    // Only a code no coupon has is a guess: a real code refused (used, expired, below its minimum), such as a
    // campaign link's code applied again at each visit, costs the shopper nothing.
    if (!standing) await countFailure(counters, userId, ip);
    throw new AppError('unprocessable', verdict.applies ? couponMessages.unknown : verdict.message);
  }
  await db
    .insert(carts)
    .values({ userId, couponCode: standing.coupon.code })
    .onConflictDoUpdate({
      target: carts.userId,
      set: { couponCode: standing.coupon.code, updatedAt: sql`now()` },
    });
  return withCoupon(reply, standing.coupon, verdict);
}

export async function removeCartCoupon(db: Database, userId: string): Promise<CartReply> {
  await db.delete(carts).where(eq(carts.userId, userId));
  return toCartReply((await readCart(db, userId)).rows);
}

/** Refusals the shopper cannot change by changing the cart: such offers are not shown to them. */
const neverForThisShopper: ReadonlySet<CouponRefusal> = new Set(['usedUp', 'alreadyUsed', 'firstOrderOnly']);

/**
 * The public codes live now, each with whether it applies to the cart and why not; codes this shopper can no
 * longer use (used by them, used up, first orders only) are left out.
 */
export async function couponOffers(db: Database, userId: string): Promise<CouponOffer[]> {
  const [{ rows }, standings] = await Promise.all([readCart(db, userId), publicOfferStandings(db, userId)]);
  const reply = toCartReply(rows);
  return standings.flatMap((standing) => {
    const verdict = judgeCoupon(reply, standing);
    if (!verdict.applies && neverForThisShopper.has(verdict.refusal)) return [];
    return [
      {
        code: standing.coupon.code,
        description: standing.coupon.description,
        kind: standing.coupon.kind,
        applicable: verdict.applies,
        reason: verdict.applies ? null : verdict.message,
      },
    ];
  });
}
