import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CartLine } from '../../../contracts/cart';
import { winbackMessages } from '../../../contracts/winback-rules';
import type { Database } from '../../db/client';
import { cartLines, carts, checkoutReminders, orderItems, orders } from '../../db/schema';
import { AppError } from '../../errors';
import { judgeCoupon } from '../cart/cart-coupon';
import { readCart, replaceCart, toCartReply } from '../cart/service';
import { couponStanding } from '../coupons/coupon-standing';
import { cartStillMatches, reminderOfToken } from './checkout-reminders';

// docs/product.md#winback-links: a reminder's link brings its shopper back to checkout with the checkout's cart
// and code. The cart still holding exactly those lines goes straight to checkout with the code applied; an
// empty cart gets the lines back first; a cart changed since is left as the shopper made it and shown.

export interface ResumeOutcome {
  to: 'checkout' | 'cart';
  message: string;
  couponCode: string | null;
}

/** The code on the cart when it applies to it; a code that does not apply is left off, silently. */
async function applyCodeIfItFits(db: Database, userId: string, code: string): Promise<string | null> {
  const [{ rows }, standing] = await Promise.all([readCart(db, userId), couponStanding(db, code, userId)]);
  const verdict = judgeCoupon(toCartReply(rows), standing);
  if (!verdict.applies || !standing) return null;
  await db
    .insert(carts)
    .values({ userId, couponCode: standing.coupon.code })
    .onConflictDoUpdate({
      target: carts.userId,
      set: { couponCode: standing.coupon.code, updatedAt: sql`now()` },
    });
  return standing.coupon.code;
}

export async function resumeCheckout(
  db: Database,
  userId: string,
  token: string,
  now = new Date(),
): Promise<ResumeOutcome> {
  const reminder = await reminderOfToken(db, token, now);
  // Another account's link says no more than an expired one.
  if (!reminder || reminder.userId !== userId) throw new AppError('not_found', winbackMessages.linkInvalid);
  await db
    .update(checkoutReminders)
    .set({ resumedAt: now })
    .where(and(eq(checkoutReminders.id, reminder.id), isNull(checkoutReminders.resumedAt)));
  const [order] = await db
    .select({ couponCode: orders.couponCode })
    .from(orders)
    .where(eq(orders.id, reminder.orderId));
  const code = reminder.couponCode ?? order?.couponCode ?? null;
  if (!(await cartStillMatches(db, reminder.orderId, userId))) {
    const [line] = await db.select().from(cartLines).where(eq(cartLines.userId, userId)).limit(1);
    if (line) return { to: 'cart', message: winbackMessages.cartChanged, couponCode: null };
    const lines = await db
      .select({ id: orderItems.productId, size: orderItems.size, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, reminder.orderId));
    const restored = await replaceCart(
      db,
      userId,
      lines as { id: number; size: CartLine['size']; quantity: number }[],
    ).catch((error: unknown) => {
      if (error instanceof AppError) return null;
      throw error;
    });
    const available = restored?.cart.every((line) => line.available !== false) ?? false;
    if (!restored || !available)
      return { to: 'cart', message: winbackMessages.checkoutGone, couponCode: null };
  }
  const applied = code ? await applyCodeIfItFits(db, userId, code) : null;
  return { to: 'checkout', message: winbackMessages.resumed, couponCode: applied };
}
