import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Address } from '../../../contracts/auth';
import type { CartLine } from '../../../contracts/cart';
import { type CreatePaymentOrderReply, paymentMessages } from '../../../contracts/orders';
import { rupeesToPaise } from '../../../contracts/pricing';
import type { Database } from '../../db/client';
import { orderItems, orders, users } from '../../db/schema';
import { AppError } from '../../errors';
import { RazorpayError } from '../../providers/razorpay/client';
import { addressOf } from '../auth/user-view';
import { getCart } from '../cart/service';
import type { RazorpayGateway } from './razorpay-gateway';

/** A second click on PLACE ORDER within this time reuses the Razorpay order instead of making another. */
const REUSE_PENDING_ORDER_MS = 30 * 60 * 1000;

/** Same items, prices and address: the same order. */
function fingerprintOf(lines: CartLine[], address: Address): string {
  const items = lines
    .map((line) => `${line.id}:${line.size}:${line.quantity}:${line.discountedPrice}`)
    .sort()
    .join(',');
  return `${items}|${JSON.stringify(address)}`;
}

/**
 * spec §7 POST /payment/create-order and DESIGN.md "Money flow" step 1: the server checks the profile and
 * the cart, prices the order itself, stores it as pending and creates the Razorpay order with our id as the
 * receipt. If Razorpay fails, the pending order is removed again: no stray order is left behind.
 */
export async function createPaymentOrder(
  db: Database,
  razorpay: RazorpayGateway,
  userId: string,
  expectedAmountPaise: number | undefined,
): Promise<CreatePaymentOrderReply> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('unauthorized', paymentMessages.profileIncomplete);
  if (user.firstName.trim() === '' || user.pincode.trim() === '') {
    throw new AppError('invalid', paymentMessages.profileIncomplete);
  }
  const { cart, summary } = await getCart(db, userId);
  if (cart.length === 0) throw new AppError('invalid', paymentMessages.cartEmpty);

  const totalPaise = rupeesToPaise(summary.total);
  if (expectedAmountPaise !== undefined && expectedAmountPaise !== totalPaise) {
    throw new AppError('conflict', paymentMessages.cartChanged);
  }
  const address = addressOf(user);
  const cartFingerprint = fingerprintOf(cart, address);
  const reply = (orderId: string, razorpayOrderId: string): CreatePaymentOrderReply => ({
    id: razorpayOrderId,
    key: razorpay.keyId,
    amount: totalPaise,
    currency: 'INR',
    orderId,
  });

  const [reusable] = await db
    .select({ id: orders.id, razorpayOrderId: orders.razorpayOrderId })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'pending'),
        eq(orders.paymentStatus, 'pending'),
        eq(orders.cartFingerprint, cartFingerprint),
        isNotNull(orders.razorpayOrderId),
        gt(orders.createdAt, new Date(Date.now() - REUSE_PENDING_ORDER_MS)),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (reusable?.razorpayOrderId) return reply(reusable.id, reusable.razorpayOrderId);

  const orderId = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(orders).values({
      id: orderId,
      userId,
      mrpPaise: rupeesToPaise(summary.mrp),
      subtotalPaise: rupeesToPaise(summary.subtotal),
      discountPaise: rupeesToPaise(summary.discount),
      shippingPaise: rupeesToPaise(summary.shipping),
      taxPaise: rupeesToPaise(summary.tax),
      totalPaise,
      cartFingerprint,
      contact: {
        name: `${user.firstName} ${user.lastName}`.trim(),
        email: user.email,
        phone: user.phone ?? '',
      },
      shippingAddress: address,
      billingAddress: address,
    });
    await tx.insert(orderItems).values(
      cart.map((line) => ({
        orderId,
        productId: line.id,
        title: line.title,
        description: line.description,
        image: line.images[0] ?? line.img,
        sku: line.sku,
        category: line.category,
        brand: line.brand,
        size: line.size,
        quantity: line.quantity,
        unitMrpPaise: rupeesToPaise(line.price),
        discountPercent: line.discount,
        unitPricePaise: rupeesToPaise(line.discountedPrice),
      })),
    );
  });

  let razorpayOrderId: string;
  try {
    const created = await razorpay.client.createOrder({
      amount: totalPaise,
      currency: 'INR',
      receipt: orderId,
      notes: { orderId, userId },
    });
    razorpayOrderId = created.id;
  } catch (error) {
    await db.delete(orders).where(eq(orders.id, orderId));
    if (error instanceof RazorpayError)
      throw new AppError('upstream_failed', paymentMessages.initializeFailed);
    throw error;
  }
  await db.update(orders).set({ razorpayOrderId, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
  return reply(orderId, razorpayOrderId);
}
