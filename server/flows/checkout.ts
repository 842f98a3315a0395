import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { deliveryAddressProblem } from '../../contracts/address';
import type { Address } from '../../contracts/auth';
import type { CartLine } from '../../contracts/cart';
import { deliveryMessages } from '../../contracts/delivery';
import { type CreatePaymentOrderReply, type PaymentResponse, paymentMessages } from '../../contracts/orders';
import { evaluatePrepaidOffer } from '../../contracts/prepaid-offer-rules';
import { rupeesToPaise } from '../../contracts/pricing';
import type { Database } from '../db/client';
import { databaseErrorOf } from '../db/errors';
import { preparedPerDatabase } from '../db/prepared';
import {
  cartLines,
  carts,
  orderItems,
  orders,
  payments,
  prepaidOfferSettings,
  products,
  users,
} from '../db/schema';
import { AppError } from '../errors';
import type { Jobs } from '../job-queues';
import { assertNotBlocked } from '../modules/auth/blocked-account';
import { addressOf } from '../modules/auth/user-view';
import { judgeCoupon, type PricedCart, priceCartWithCoupon } from '../modules/cart/cart-coupon';
import { type CartRows, toCartReply } from '../modules/cart/service';
import { couponStanding } from '../modules/coupons/coupon-standing';
import type { DeliveryPromises } from '../modules/delivery-promise/plugin';
import {
  applyOrderEvent,
  attachRazorpayOrder,
  discardUnpayableOrder,
  lockOrder,
  pendingOrderWrites,
} from '../modules/orders/order-writer';
import type { RazorpayGateway } from '../modules/payments/razorpay-gateway';
import { lookUpPincode } from '../modules/pincode-directory/directory';
import { prepaidOfferTermsOf } from '../modules/prepaid-offer/prepaid-offer-settings';
import { CouponNotHeld, holdCartStock } from '../modules/stock/availability';
import { CHECKOUT_HOLD_MS, holdCutoff } from '../modules/stock/holds';
import { lockProducts } from '../modules/stock/product-locks';
import { RazorpayError } from '../providers/razorpay/client';
import { verifyPaymentSignature } from '../providers/razorpay/signatures';
import { asUpstreamFailure, settlePayment } from './confirm-payment';
import type { PaymentDeps } from './deps';

type PrepaidOfferRow = Parameters<typeof prepaidOfferTermsOf>[0];

/**
 * docs/architecture.md#data: all create-order reads before its statement, in one round trip built once (it is
 * the sale day's hottest write): the shopper, and the cart's lines with their products and its code. The
 * shopper's checkouts in progress are looked at inside the statement, under the shopper's checkout lock
 * (`checkout_claim`), where a parallel PLACE ORDER's order is sure to be seen.
 */
const checkoutStartQuery = preparedPerDatabase((db) =>
  db
    .select({
      user: users,
      product: products,
      size: cartLines.size,
      quantity: cartLines.quantity,
      couponCode: sql<
        string | null
      >`(select ${carts.couponCode} from ${carts} where ${carts.userId} = ${users.id})`,
      // docs/product.md#prepaid-offer: the shop's offer for paying online, in the same round trip.
      prepaidOffer: sql<PrepaidOfferRow | null>`(select json_build_object(
          'enabled', ${prepaidOfferSettings.enabled}, 'kind', ${prepaidOfferSettings.kind},
          'percentOff', ${prepaidOfferSettings.percentOff},
          'maxDiscountPaise', ${prepaidOfferSettings.maxDiscountPaise},
          'amountOffPaise', ${prepaidOfferSettings.amountOffPaise})
        from ${prepaidOfferSettings} where ${prepaidOfferSettings.id} = 1)`,
    })
    .from(users)
    .leftJoin(cartLines, eq(cartLines.userId, users.id))
    .leftJoin(products, eq(products.id, cartLines.productId))
    .where(eq(users.id, sql.placeholder('userId')))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.productId), asc(cartLines.size))
    .prepare('checkout_start'),
);

/** The shopper and the cart as `readCart` gives it, from one `checkoutStartQuery`. */
async function readCheckoutStart(db: Database, userId: string) {
  const rows = await checkoutStartQuery(db).execute({ userId });
  const first = rows[0];
  if (!first) return undefined;
  const cart = rows.flatMap(({ product, size, quantity }) =>
    product && size && quantity !== null ? [{ product, size, quantity }] : [],
  );
  return {
    user: first.user,
    cart,
    // As readCart: an empty cart has no code to apply.
    couponCode: cart.length > 0 ? first.couponCode : null,
    prepaidOffer: prepaidOfferTermsOf(first.prepaidOffer),
  };
}

/**
 * docs/architecture.md#checkout-lock: one checkout of a shopper at a time, in every process. The shopper's
 * checkout lock, for this transaction: the one create-order's statement takes in `checkout_claim`, so a COD
 * PLACE ORDER and the replacing of earlier checkouts take turns with it. A COD order also takes the lock of
 * each of its mobiles, so two accounts ordering to one mobile take turns. Taken before any row lock, in one
 * order.
 */
export async function lockShopperCheckouts(tx: Database, userId: string, mobiles: readonly string[] = []) {
  const keys = [
    `checkout:${userId}`,
    ...[...new Set(mobiles)].sort().map((mobile) => `checkout-mobile:${mobile}`),
  ];
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/**
 * The shopper's other checkouts in progress (online, or COD awaiting confirmation) that carry this code at its
 * price: a new checkout with the code replaces them (docs/product.md#one-checkout), held use or lapsed.
 */
export async function checkoutsWithCode(
  tx: Database,
  userId: string,
  couponId: number,
  reusableFingerprint?: string,
) {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'pending'),
        inArray(orders.paymentStatus, ['pending', 'cod_due']),
        eq(orders.couponId, couponId),
        eq(orders.couponUse, 'reserved'),
        // The pending checkout of the same cart within its hold is reused, not replaced.
        reusableFingerprint === undefined
          ? undefined
          : sql`not (${orders.paymentStatus} = 'pending' and ${orders.cartFingerprint} = ${reusableFingerprint}
              and ${orders.createdAt} > ${holdCutoff()})`,
      ),
    );
  return rows.map((row) => ({ id: row.id, notify: false }));
}

/**
 * docs/product.md#one-checkout: ends, through the lifecycle, the checkouts in progress a new one replaces,
 * before the new one's statement (in a COD order's transaction, or one of its own) and under the shopper's
 * checkout lock. Their orders' locks first, then every product either touches, in id order, so a statement in
 * the same transaction finds its product locks held already (docs/architecture.md#checkout-lock); each then
 * gives back its holds and its code's use. Returns the orders replaced.
 */
export async function replaceCheckouts(
  tx: Database,
  jobs: Pick<Jobs, 'send'>,
  replaced: readonly { id: string; notify: boolean }[],
  productIds: readonly number[],
) {
  if (replaced.length === 0) return [];
  const byId = [...new Map(replaced.map((order) => [order.id, order])).values()].sort((a, b) =>
    a.id.localeCompare(b.id),
  );
  const locked = [];
  for (const order of byId) {
    const lockedOrder = await lockOrder(tx, order.id);
    if (lockedOrder) locked.push({ lockedOrder, notify: order.notify });
  }
  const theirs = await tx
    .select({ productId: orderItems.productId })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        locked.map(({ lockedOrder }) => lockedOrder.order.id),
      ),
    );
  await lockProducts(tx, [...productIds, ...theirs.map((item) => item.productId)]);
  const ended: (typeof orders.$inferSelect)[] = [];
  for (const { lockedOrder, notify } of locked) {
    const before = lockedOrder.state.status;
    const decision = await applyOrderEvent(
      lockedOrder,
      jobs,
      { type: 'checkout_replaced', notify },
      'checkout',
    );
    if (decision.outcome === 'applied' && before === 'pending' && decision.next.status === 'cancelled') {
      ended.push(lockedOrder.order);
    }
  }
  return ended;
}

/** Same items, prices, discount code and its discount, address and contact mobile: the same order. */
function fingerprintOf(
  lines: CartLine[],
  address: Address,
  contactPhone: string,
  priced: PricedCart,
): string {
  const items = lines
    .map((line) => `${line.id}:${line.size}:${line.quantity}:${line.discountedPrice}`)
    .sort()
    .join(',');
  const coupon = priced.applied
    ? `|${priced.applied.coupon.code}:${priced.applied.verdict.discountPaise}:${priced.applied.verdict.shippingPaise}`
    : '';
  return `${items}|${JSON.stringify(address)}|${contactPhone}${coupon}`;
}

/** The cart with its code checked against the server's prices; a code that no longer applies stops the checkout. */
async function pricedCartForCheckout(
  db: Database,
  userId: string,
  { cart, couponCode }: { cart: CartRows; couponCode: string | null },
): Promise<PricedCart> {
  const priced = await priceCartWithCoupon(db, userId, toCartReply(cart), couponCode);
  if (priced.refusal) throw new AppError('conflict', priced.refusal);
  return priced;
}

/**
 * The statement found no use of the code left for this checkout (the last one taken meanwhile, or the code
 * paused or ended): the shopper hears why, from the code as it stands now.
 */
async function couponRefusal(db: Database, userId: string, priced: PricedCart): Promise<AppError> {
  const code = priced.applied?.coupon.code ?? '';
  const verdict = judgeCoupon(priced.reply, await couponStanding(db, code, userId));
  return new AppError('conflict', verdict.applies ? paymentMessages.cartChanged : verdict.message);
}

/**
 * The code's standing for the shopper read again once their earlier checkouts with it are replaced: a payment
 * of one of those that arrived meanwhile counts now (docs/product.md#discount-codes: uses per shopper, first
 * order only).
 */
async function assertCodeStillApplies(tx: Database, userId: string, priced: PricedCart) {
  if (!priced.applied) return;
  const verdict = judgeCoupon(priced.reply, await couponStanding(tx, priced.applied.coupon.code, userId));
  if (!verdict.applies) throw new AppError('conflict', verdict.message);
}

/**
 * Everything PLACE ORDER decides before it writes, for a payment online or cash on delivery: the shopper and
 * the cart checked (profile, blocked account, address, pincode served), priced by the server with its code,
 * and the new order's row and lines as they would be stored.
 */
export async function prepareCheckout(
  db: Database,
  userId: string,
  delivery: Pick<DeliveryPromises, 'promiseFor'>,
) {
  const start = await readCheckoutStart(db, userId);
  if (!start) throw new AppError('unauthorized', paymentMessages.profileIncomplete);
  const { user } = start;
  // docs/product.md#customers: a blocked shopper places no new order.
  assertNotBlocked(user);
  if (user.firstName.trim() === '' || user.pincode.trim() === '') {
    throw new AppError('invalid', paymentMessages.profileIncomplete);
  }
  // docs/product.md#delivery-address: no Razorpay order, so no payment, for an address no courier can find.
  const contactPhone = user.deliveryPhone ?? user.phone ?? '';
  const addressProblem = deliveryAddressProblem({ ...user, mobile: contactPhone }, lookUpPincode);
  if (addressProblem) throw new AppError('invalid', addressProblem);
  const priced = await pricedCartForCheckout(db, userId, start);
  const { cart, summary } = priced.reply;
  if (cart.length === 0) throw new AppError('invalid', paymentMessages.cartEmpty);
  const address = addressOf(user);
  // docs/product.md#delivery-promise: no Razorpay order, so no payment, for a pincode no courier serves; the
  // date promised for it is kept on the order (docs/product.md#delivery-date).
  const promise = await delivery.promiseFor(address.pincode.trim());
  if (!promise.serviceable) {
    throw new AppError('invalid', deliveryMessages.checkoutUnserviceable(promise.pincode));
  }
  const applied = priced.applied;
  const order = {
    userId,
    mrpPaise: rupeesToPaise(summary.mrp),
    subtotalPaise: rupeesToPaise(summary.subtotal),
    discountPaise: rupeesToPaise(summary.discount),
    // docs/product.md#money: the code's discount off the goods, shared among the lines below; the shipping
    // the order charges (0 with a free-shipping code).
    ...(applied
      ? {
          couponCode: applied.coupon.code,
          couponId: applied.coupon.id,
          couponUse: 'reserved' as const,
          couponDiscountPaise: applied.verdict.discountPaise,
          couponFreeShipping: applied.verdict.freeShipping,
        }
      : {}),
    // Paying online may take the shop's prepaid offer off too (withPrepaidOffer); COD never does.
    prepaidDiscountPaise: 0,
    shippingPaise: applied ? applied.verdict.shippingPaise : rupeesToPaise(summary.shipping),
    taxPaise: rupeesToPaise(summary.tax),
    // docs/product.md#money: the total after the code, which the summary carries in paise.
    totalPaise: summary.totalPaise,
    cartFingerprint: fingerprintOf(cart, address, contactPhone, priced),
    promisedDeliveryDate: promise.deliverBy,
    contact: {
      name: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email ?? '',
      // The order's SMS go to the shopper's own number; the courier calls the one given for the delivery.
      phone: user.phone ?? contactPhone,
      deliveryPhone: contactPhone,
    },
    shippingAddress: address,
    billingAddress: address,
  };
  const items = cart.map((line, index) => ({
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
    couponSharePaise: applied?.verdict.sharesPaise[index] ?? 0,
    prepaidSharePaise: 0,
  }));
  const lines = cart.map((line) => ({ productId: line.id, quantity: line.quantity }));
  const coupon = applied ? { id: applied.coupon.id } : undefined;
  /**
   * The checkout's statement or transaction, with a use no longer left refused in the code's own words, read
   * once it is over (PGlite has one connection, which a transaction holds).
   */
  const refusingCoupon = async <T>(decided: Promise<T>) =>
    decided.catch(async (error: unknown) => {
      if (error instanceof CouponNotHeld) throw await couponRefusal(db, userId, priced);
      throw error;
    });
  /** Under the shopper's lock, before a new order is written: the code still applies to this shopper. */
  const codeStillApplies = (tx: Database) => assertCodeStillApplies(tx, userId, priced);
  return {
    user,
    products: start.cart,
    /** The shop's prepaid offer as it stands, for paying online (withPrepaidOffer). */
    prepaidOffer: start.prepaidOffer,
    priced,
    order,
    items,
    lines,
    coupon,
    refusingCoupon,
    codeStillApplies,
  };
}

export type PreparedCheckout = Awaited<ReturnType<typeof prepareCheckout>>;

/**
 * docs/product.md#prepaid-offer: the checkout paid online, with what the shop's prepaid offer takes off after
 * the code: on the order (`prepaidDiscountPaise`, the total) and shared among its lines (`prepaidSharePaise`),
 * as a code's discount is. The fingerprint carries it, so a pending checkout is reused only at the same price.
 * Without an offer (or no room for one) the checkout is as it was.
 */
export function withPrepaidOffer(prepared: PreparedCheckout): PreparedCheckout {
  const { order, items } = prepared;
  const offer = evaluatePrepaidOffer(
    prepared.prepaidOffer,
    items.map((item) => ({ valuePaise: item.unitPricePaise * item.quantity - item.couponSharePaise })),
    order.totalPaise,
  );
  if (offer.discountPaise === 0) return prepared;
  return {
    ...prepared,
    order: {
      ...order,
      prepaidDiscountPaise: offer.discountPaise,
      totalPaise: order.totalPaise - offer.discountPaise,
      cartFingerprint: `${order.cartFingerprint}|prepaid:${offer.discountPaise}`,
    },
    items: items.map((item, index) => ({ ...item, prepaidSharePaise: offer.sharesPaise[index] ?? 0 })),
  };
}

/** A pending checkout a PLACE ORDER answers with: new (`made`), or the shopper's own for the same cart. */
interface DecidedCheckout {
  id: string;
  razorpayOrderId: string | null;
  made: boolean;
}

/** The earlier checkouts replaced and the new one's statement tried again at most this often (races only). */
const CHECKOUT_ATTEMPTS = 3;

/**
 * docs/product.md#one-checkout: the new order, or the shopper's pending checkout of the same cart to reuse,
 * decided under the shopper's checkout lock inside the order's one statement (`checkout_claim`), so the
 * products' locks are never held across a round trip (docs/architecture.md#checkout-lock). With a code, the
 * shopper's earlier checkouts carrying it are replaced first and the code's standing for the shopper read
 * again; one that appears meanwhile stops the statement, and the replacing starts again.
 */
async function placeOnlineCheckout(
  db: Database,
  jobs: Pick<Jobs, 'send'>,
  prepared: PreparedCheckout,
  orderId: string,
): Promise<DecidedCheckout> {
  const { order, items, lines, coupon, priced } = prepared;
  const { cartFingerprint, userId } = order;
  for (let attempt = 0; attempt < CHECKOUT_ATTEMPTS; attempt += 1) {
    if (coupon) {
      // Usually there is none: only then does the replacing need a transaction.
      if ((await checkoutsWithCode(db, userId, coupon.id, cartFingerprint)).length > 0) {
        await db.transaction(async (tx) => {
          await lockShopperCheckouts(tx, userId);
          const earlier = await checkoutsWithCode(tx, userId, coupon.id, cartFingerprint);
          await replaceCheckouts(
            tx,
            jobs,
            earlier,
            lines.map((line) => line.productId),
          );
        });
      }
      await assertCodeStillApplies(db, userId, priced);
    }
    // docs/architecture.md#holds: one statement inserts the order and holds its units under the products'
    // locks, so concurrent checkouts never hold more than is on hand.
    const stopped = await prepared.refusingCoupon(
      holdCartStock(
        db,
        { id: orderId, lines, expiresAt: new Date(Date.now() + CHECKOUT_HOLD_MS), reusing: false, coupon },
        (when) => pendingOrderWrites({ ...order, id: orderId }, items, when),
        { userId, cartFingerprint, couponId: coupon?.id, reusableAfter: holdCutoff() },
      ),
    );
    if (!stopped) return { id: orderId, razorpayOrderId: null, made: true };
    if (stopped.kind === 'code_in_the_way') continue;
    // A second PLACE ORDER of the same cart within the hold (a double tap included) reuses the pending order.
    const expiresAt = new Date(stopped.createdAt.getTime() + CHECKOUT_HOLD_MS);
    await prepared
      .refusingCoupon(holdCartStock(db, { id: stopped.orderId, lines, expiresAt, reusing: true, coupon }))
      .catch((error: unknown) => {
        // The checkout it would reuse was discarded meanwhile: Razorpay could not make its payment order.
        if (databaseErrorOf(error, '23503')) {
          throw new AppError('upstream_failed', paymentMessages.initializeFailed);
        }
        throw error;
      });
    return { id: stopped.orderId, razorpayOrderId: stopped.razorpayOrderId, made: false };
  }
  throw new AppError('conflict', paymentMessages.cartChanged);
}

/**
 * docs/product.md#http-api POST /payment/create-order and docs/architecture.md#money-flow step 1: the server checks the profile and
 * the cart, prices the order itself, stores it as pending and creates the Razorpay order with our id as the
 * receipt. A pincode no courier serves is refused first. If Razorpay fails, the pending order is removed again: no stray order is left behind.
 */
export async function createPaymentOrder(
  db: Database,
  razorpay: RazorpayGateway,
  userId: string,
  expectedAmountPaise: number | undefined,
  delivery: Pick<DeliveryPromises, 'promiseFor'>,
  jobs: Pick<Jobs, 'send'>,
): Promise<CreatePaymentOrderReply> {
  const prepared = withPrepaidOffer(await prepareCheckout(db, userId, delivery));
  const { totalPaise } = prepared.order;
  if (expectedAmountPaise !== undefined && expectedAmountPaise !== totalPaise) {
    throw new AppError('conflict', paymentMessages.cartChanged);
  }
  const reply = (orderId: string, razorpayOrderId: string): CreatePaymentOrderReply => ({
    id: razorpayOrderId,
    key: razorpay.keyId,
    amount: totalPaise,
    currency: 'INR',
    orderId,
  });

  const orderId = randomUUID();
  const decided = await placeOnlineCheckout(db, jobs, prepared, orderId);
  if (decided.razorpayOrderId) return reply(decided.id, decided.razorpayOrderId);

  // A reused order whose Razorpay order is still being made by the PLACE ORDER that made it gets one too; the
  // first attached is the one both answer.
  let razorpayOrderId: string;
  try {
    const created = await razorpay.client.createOrder({
      amount: totalPaise,
      currency: 'INR',
      receipt: decided.id,
      notes: { orderId: decided.id, userId },
    });
    razorpayOrderId = created.id;
  } catch (error) {
    if (decided.made) {
      await db.transaction(async (tx) => {
        await lockShopperCheckouts(tx, userId);
        await discardUnpayableOrder(tx, decided.id);
      });
    }
    if (error instanceof RazorpayError)
      throw new AppError('upstream_failed', paymentMessages.initializeFailed);
    throw error;
  }
  const attached = await attachRazorpayOrder(db, decided.id, razorpayOrderId);
  if (!attached) throw new AppError('upstream_failed', paymentMessages.initializeFailed);
  return reply(decided.id, attached);
}

export interface CheckoutConfirmation {
  orderId: string;
  paymentId: string;
}

/**
 * docs/architecture.md#money-flow step 3 (docs/product.md#http-api POST /orders/create-with-payment): the browser reports Checkout's
 * success. Nothing in the report is trusted until the signature over our own Razorpay order id checks out
 * and Razorpay itself confirms the payment, its order, amount and currency. Reporting twice gives the same
 * order.
 */
export async function confirmCheckoutPayment(
  deps: PaymentDeps,
  userId: string,
  report: PaymentResponse,
): Promise<CheckoutConfirmation> {
  const paymentId = report.razorpay_payment_id?.trim();
  if (!paymentId) throw new AppError('invalid', paymentMessages.invalidPaymentResponse);
  if (!report.razorpay_order_id || !report.razorpay_signature) {
    throw new AppError('invalid', paymentMessages.invalidPaymentResponse);
  }

  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.razorpayOrderId, report.razorpay_order_id), eq(orders.userId, userId)));
  if (!order?.razorpayOrderId) throw new AppError('not_found', paymentMessages.orderNotFound);

  const signed = verifyPaymentSignature({
    razorpayOrderId: order.razorpayOrderId,
    razorpayPaymentId: paymentId,
    signature: report.razorpay_signature,
    keySecret: deps.razorpay.keySecret,
  });
  if (!signed) throw new AppError('invalid', paymentMessages.verificationFailed);

  const [recorded] = await deps.db
    .select({ status: payments.status })
    .from(payments)
    .where(and(eq(payments.razorpayPaymentId, paymentId), eq(payments.orderId, order.id)));
  if (recorded?.status === 'captured' && order.paymentStatus === 'paid')
    return { orderId: order.id, paymentId };

  const payment = await deps.razorpay.client.fetchPayment(paymentId).catch(asUpstreamFailure);
  if (payment.status === 'failed') {
    throw new AppError('invalid', paymentMessages.failed(payment.error_description ?? undefined));
  }
  if (payment.status === 'refunded' && payment.order_id === order.razorpayOrderId && order.paidAt) {
    return { orderId: order.id, paymentId };
  }
  const settled = await settlePayment(deps, order, payment, 'checkout').catch(asUpstreamFailure);
  if (!settled) throw new AppError('invalid', paymentMessages.notForThisOrder);
  return { orderId: order.id, paymentId };
}
