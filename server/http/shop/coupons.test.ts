import { parse } from 'csv-parse/sync';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DashboardReply } from '../../../contracts/admin-orders';
import type { CartReply } from '../../../contracts/cart';
import {
  type AdminCouponDetailReply,
  type AdminCouponReply,
  type AdminCouponsReply,
  adminCouponMessages,
  type CouponInput,
  type CouponOffersReply,
  couponMessages,
} from '../../../contracts/coupons';
import type { CreatePaymentOrderReply, OrderConfirmation } from '../../../contracts/orders';
import {
  auditLog,
  carts,
  coupons,
  creditNotes,
  heldTotals,
  holds,
  invoices,
  orderItems,
  orders,
  payments,
  products,
  refunds,
} from '../../db/schema';
import { paymentDeps } from '../../flows/deps';
import { refundCancelledOrder } from '../../flows/refunds';
import { jobQueues } from '../../job-queues';
import { sweepExpiredHolds } from '../../modules/holds/holds';
import { orderNumberOf } from '../../modules/orders/order-view';
import { CHECKOUT_HOLD_MS } from '../../modules/stock/holds';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  bookShipment,
  newShopper,
  orderRow,
  razorpaySimulatorOf,
  type Shopper,
  shiprocketSimulatorOf,
} from '../../test/order-helpers';
import { type CreatedStaff, createStaffMember } from '../../test/staff-factory';

// docs/product.md#discount-codes end to end: the console makes codes, shoppers apply them, checkouts reserve
// their uses, payments consume them, cancellations give them back, and the money after follows the discount.

let app: TestApp;
let owner: CreatedStaff;
let support: CreatedStaff;

beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 10_000, jobWorkers: false });
  owner = await createStaffMember(app, { role: 'owner' });
  support = await createStaffMember(app, { role: 'support' });
  // Plenty on the shelf: these tests are about the codes' uses, not the stock.
  await app.db.update(products).set({ stock: 10_000 });
});
afterAll(() => app.closeAndDrop());
beforeEach(() => {
  razorpaySimulatorOf(app).reset();
  shiprocketSimulatorOf(app).reset();
});

let codes = 0;
/** A fresh code name, so each test's codes are its own. */
function codeName(prefix: string) {
  codes += 1;
  return `${prefix}${codes}`;
}

async function createCoupon(input: Partial<CouponInput> & Pick<CouponInput, 'code'>) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/coupons',
    headers: owner.headers,
    payload: { kind: 'percent', percentOff: 10, validFrom: '2026-01-01T00:00:00+05:30', ...input },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AdminCouponReply>().coupon;
}

const apply = (shopper: Shopper, code: string) =>
  app.inject({ method: 'POST', url: '/api/cart/coupon', headers: shopper.headers, payload: { code } });

async function applied(shopper: Shopper, code: string): Promise<CartReply> {
  const response = await apply(shopper, code);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CartReply>();
}

async function pay(shopper: Shopper, placed: CreatePaymentOrderReply) {
  const success = razorpaySimulatorOf(app).completePayment(placed.id);
  const response = await shopper.reportPayment(success);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderConfirmation>();
}

async function usedCount(couponId: number) {
  const [row] = await app.db
    .select({ used: coupons.usedCount })
    .from(coupons)
    .where(eq(coupons.id, couponId));
  const [held] = await app.db
    .select({ units: heldTotals.units })
    .from(heldTotals)
    .where(and(eq(heldTotals.kind, 'coupon'), eq(heldTotals.ref, couponId)));
  return { used: row?.used, held: held?.units };
}

describe('applying a code to the cart', () => {
  it('takes 10% off the eligible lines, keeps the shipping tier of the subtotal before it, and comes off again', async () => {
    const code = codeName('WELCOME');
    await createCoupon({ code, description: '10% off your first order' });
    // Two Face Mitts (₹239) and a Luxury Mitt (₹599): ₹1,077, shipping free.
    const asha = await newShopper(app, [
      { id: 1, quantity: 2 },
      { id: 4, quantity: 1 },
    ]);
    const reply = await applied(asha, code.toLowerCase());
    expect(reply.coupon).toEqual({
      code,
      kind: 'percent',
      discountPaise: 10_770,
      freeShipping: false,
      description: '10% off your first order',
    });
    expect(reply.summary).toMatchObject({
      subtotal: 1077,
      shipping: 0,
      total: 1077,
      couponDiscountPaise: 10_770,
    });
    expect(reply.summary.totalPaise).toBe(107_700 - 10_770);
    const again = await app.inject({ method: 'GET', url: '/api/cart', headers: asha.headers });
    expect(again.json<CartReply>().coupon?.code).toBe(code);
    const removed = await app.inject({ method: 'DELETE', url: '/api/cart/coupon', headers: asha.headers });
    expect(removed.json<CartReply>()).toMatchObject({ coupon: null, summary: { totalPaise: 107_700 } });
  });

  it('a free-shipping code makes the ₹100 fee 0 and takes nothing off the goods', async () => {
    const code = codeName('SHIPFREE');
    await createCoupon({ code, kind: 'free_shipping', percentOff: null });
    const ravi = await newShopper(app, [{ id: 1, quantity: 1 }]);
    const reply = await applied(ravi, code);
    expect(reply.coupon).toMatchObject({ discountPaise: 0, freeShipping: true });
    expect(reply.summary).toMatchObject({ shipping: 100, total: 339, totalPaise: 23_900 });
  });

  it('is dropped with a notice when a cart change stops it applying', async () => {
    const code = codeName('MIN');
    await createCoupon({ code, minOrderRupees: 500 });
    const meera = await newShopper(app, [{ id: 4, quantity: 1 }]);
    await applied(meera, code);
    const update = await app.inject({
      method: 'POST',
      url: '/api/cart/update',
      headers: meera.headers,
      payload: { cart: [{ id: 1, quantity: 1 }] },
    });
    expect(update.json<CartReply>()).toMatchObject({
      coupon: null,
      couponNotice: `${code} was removed: Add ₹261 more to use ${code}.`,
    });
    const later = await app.inject({ method: 'GET', url: '/api/cart', headers: meera.headers });
    expect(later.json<CartReply>()).toMatchObject({ coupon: null, couponNotice: null });
  });

  it('lists the public offers live now, with why one does not apply yet', async () => {
    const open = codeName('OPEN');
    const festive = codeName('FESTIVE');
    await createCoupon({ code: open, public: true, description: '10% off everything' });
    await createCoupon({
      code: festive,
      public: true,
      description: '15% off at ₹1,000',
      minOrderRupees: 1000,
    });
    await createCoupon({ code: codeName('HIDDEN'), description: 'private' });
    await createCoupon({
      code: codeName('LATER'),
      public: true,
      description: 'soon',
      validFrom: '2099-01-01T00:00:00Z',
    });
    const kiran = await newShopper(app, [{ id: 2, quantity: 1 }]);
    const response = await app.inject({ method: 'GET', url: '/api/coupons/offers', headers: kiran.headers });
    const offers = response
      .json<CouponOffersReply>()
      .offers.filter((offer) => [open, festive].includes(offer.code));
    expect(offers).toEqual([
      { code: open, description: '10% off everything', kind: 'percent', applicable: true, reason: null },
      {
        code: festive,
        description: '15% off at ₹1,000',
        kind: 'percent',
        applicable: false,
        reason: `Add ₹431 more to use ${festive}.`,
      },
    ]);
    expect(response.json<CouponOffersReply>().offers.map((offer) => offer.code)).not.toContain('HIDDEN');
  });
});

describe('each refusal says why, in the exact words', () => {
  it.each([
    ['unknown', () => ({ code: 'NOSUCHCODE' }), couponMessages.unknown],
    [
      'not yet valid',
      () => ({ validFrom: '2099-12-01T04:30:00Z' }),
      'This coupon can be used from 1 Dec 2099, 10:00 am.',
    ],
    ['expired', () => ({ validUntil: '2026-02-01T00:00:00Z' }), couponMessages.expired],
    ['for no item in the cart', () => ({ categories: ['premium' as const] }), couponMessages.noEligibleItem],
    ['below the minimum', () => ({ minOrderRupees: 400 }), 'Add ₹161 more to use {code}.'],
  ])('%s', async (_name, overrides, message) => {
    const code = codeName('REFUSE');
    const { code: typed, ...rest } = { code, ...overrides() };
    if (typed === code) await createCoupon({ code, ...rest });
    const shopper = await newShopper(app, [{ id: 1, quantity: 1 }]);
    const response = await apply(shopper, typed);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: message.replace('{code}', code) });
  });

  it('paused and ended codes are not available', async () => {
    const code = codeName('PAUSE');
    const coupon = await createCoupon({ code });
    const shopper = await newShopper(app, [{ id: 1, quantity: 1 }]);
    for (const status of ['paused', 'ended'] as const) {
      await app.inject({
        method: 'PATCH',
        url: `/api/admin/coupons/${coupon.id}`,
        headers: owner.headers,
        payload: { status },
      });
      const response = await apply(shopper, code);
      expect([response.statusCode, response.json().message]).toEqual([422, couponMessages.inactive]);
    }
  });

  it('used by the shopper, for first orders only, fully redeemed', async () => {
    const once = codeName('ONCE');
    const first = codeName('FIRST');
    const single = codeName('SINGLE');
    await createCoupon({ code: once });
    await createCoupon({ code: first, firstOrderOnly: true });
    await createCoupon({ code: single, totalUses: 1, usesPerShopper: 5 });
    const buyer = await newShopper(app, [{ id: 1, quantity: 1 }]);
    await applied(buyer, once);
    await pay(buyer, await buyer.placeOrder());
    await buyer.setCart([{ id: 1, quantity: 1 }]);
    expect((await apply(buyer, once)).json().message).toBe(couponMessages.alreadyUsed);
    expect((await apply(buyer, first)).json().message).toBe(couponMessages.firstOrderOnly);
    await applied(buyer, single);
    await pay(buyer, await buyer.placeOrder());
    const other = await newShopper(app, [{ id: 1, quantity: 1 }]);
    expect((await apply(other, single)).json().message).toBe(couponMessages.usedUp);
  });

  it('an empty code is asked for (400); after 10 failed tries a shopper waits (429), even for a good code', async () => {
    const good = codeName('GOOD');
    await createCoupon({ code: good });
    const guesser = await newShopper(app, [{ id: 1, quantity: 1 }]);
    const empty = await apply(guesser, '   ');
    expect([empty.statusCode, empty.json().message]).toEqual([400, couponMessages.codeRequired]);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await apply(guesser, `GUESS${attempt}`)).statusCode).toBe(422);
    }
    const blocked = await apply(guesser, good);
    expect([blocked.statusCode, blocked.json().message]).toEqual([429, couponMessages.tooManyAttempts]);
  });

  it('counts only codes no coupon has: a used campaign code, on the cart or applied at every checkout load, never does', async () => {
    const campaign = codeName('CAMPAIGN');
    await createCoupon({ code: campaign });
    const shopper = await newShopper(app, [{ id: 1, quantity: 1 }]);
    await applied(shopper, campaign);
    await pay(shopper, await shopper.placeOrder());
    await shopper.setCart([{ id: 1, quantity: 1 }]);
    // The used code left on the cart, and the campaign link applying it again, at each checkout load.
    await app.db.insert(carts).values({ userId: shopper.userId, couponCode: campaign });
    for (let load = 0; load < 12; load += 1) {
      const cart = await app.inject({ method: 'GET', url: '/api/cart', headers: shopper.headers });
      expect(cart.statusCode).toBe(200);
      const again = await apply(shopper, campaign);
      expect([again.statusCode, again.json().message]).toEqual([422, couponMessages.alreadyUsed]);
    }
    // Ten mistyped codes are allowed; the eleventh attempt waits.
    for (let typo = 0; typo < 10; typo += 1) {
      const mistyped = await apply(shopper, `TYPO${typo}X`);
      expect([mistyped.statusCode, mistyped.json().message]).toEqual([422, couponMessages.unknown]);
    }
    const eleventh = await apply(shopper, 'TYPO10X');
    expect([eleventh.statusCode, eleventh.json().message]).toEqual([429, couponMessages.tooManyAttempts]);
  });
});

describe('a checkout with a code', () => {
  it("keeps the code, the discount and each line's share; the invoice taxes the paid values; the console counts the use", async () => {
    const code = codeName('SPLIT');
    const coupon = await createCoupon({ code, kind: 'flat', percentOff: null, amountOffRupees: 100 });
    // ₹239 + ₹599 = ₹838, shipping ₹75: ₹100 off shares 28.52 and 71.48.
    const shopper = await newShopper(app, [
      { id: 1, quantity: 1 },
      { id: 4, quantity: 1 },
    ]);
    await applied(shopper, code);
    const placed = await shopper.placeOrder();
    expect(placed.amount).toBe(83_800 + 7_500 - 10_000);
    const order = await orderRow(app, placed.orderId);
    expect(order).toMatchObject({
      couponCode: code,
      couponDiscountPaise: 10_000,
      couponFreeShipping: false,
      couponUse: 'reserved',
      shippingPaise: 7_500,
      totalPaise: 81_300,
    });
    // The invoice lists the items as the order stored them (by item id), then shipping.
    const items = await app.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.orderId))
      .orderBy(asc(orderItems.id));
    const shares = Object.fromEntries(items.map((item) => [item.productId, item.couponSharePaise]));
    expect(shares).toEqual({ 1: 2852, 4: 7148 });
    expect(await usedCount(coupon.id)).toEqual({ used: 0, held: 1 });

    const confirmation = await pay(shopper, placed);
    expect(confirmation.order).toMatchObject({
      couponCode: code,
      couponDiscountPaise: 10_000,
      totalPaise: 81_300,
    });
    expect(await usedCount(coupon.id)).toEqual({ used: 1, held: 0 });
    expect((await orderRow(app, placed.orderId)).couponUse).toBe('consumed');

    const [invoice] = await app.db.select().from(invoices).where(eq(invoices.orderId, placed.orderId));
    expect(invoice?.totalPaise).toBe(81_300);
    expect(invoice?.lines.map((line) => line.totalPaise)).toEqual(
      items.map((item) => item.unitPricePaise - item.couponSharePaise).concat([7_500]),
    );

    const detail = await app.inject({
      method: 'GET',
      url: `/api/admin/coupons/${coupon.id}`,
      headers: support.headers,
    });
    expect(detail.json<AdminCouponDetailReply>()).toMatchObject({
      stats: { usedCount: 1, heldCount: 0, discountGivenPaise: 10_000, revenuePaise: 81_300 },
      orders: [{ id: placed.orderId, couponDiscountPaise: 10_000, totalPaise: 81_300 }],
    });
    // The orders CSV and the dashboard show the code's discount; the total is after it.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const csv = await app.inject({
      method: 'GET',
      url: `/api/admin/orders.csv?from=${today}&to=${today}`,
      headers: support.headers,
    });
    const rows = parse(csv.body, { columns: true, bom: true }) as Record<string, string>[];
    const row = rows.find((each) => each['Order number'] === orderNumberOf(placed.orderId));
    expect(row).toMatchObject({
      'Coupon code': code,
      'Coupon discount (INR)': '100.00',
      'Total (INR)': '813.00',
    });
    const dashboard = await app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: support.headers,
    });
    expect(dashboard.json<DashboardReply>().today.couponDiscountPaise).toBeGreaterThanOrEqual(10_000);
    // The cart is empty after paying, and the code left with it.
    const cart = await app.inject({ method: 'GET', url: '/api/cart', headers: shopper.headers });
    expect(cart.json<CartReply>()).toMatchObject({ cart: [], coupon: null });
  });

  it('is refused with the reason, and no order, when the code stopped applying', async () => {
    const code = codeName('STOP');
    const coupon = await createCoupon({ code });
    const shopper = await newShopper(app, [{ id: 1, quantity: 1 }]);
    await applied(shopper, code);
    await app.inject({
      method: 'PATCH',
      url: `/api/admin/coupons/${coupon.id}`,
      headers: owner.headers,
      payload: { status: 'paused' },
    });
    const response = await shopper.createOrder();
    expect([response.statusCode, response.json().message]).toEqual([409, couponMessages.inactive]);
    expect(await shopper.myOrders()).toEqual([]);
  });

  it('20 shoppers racing for the last use: exactly one order carries the discount, the others hear it is used up', async () => {
    const code = codeName('LAST');
    const coupon = await createCoupon({ code, totalUses: 3 });
    // Two uses gone already: one paid, one held by a checkout in progress.
    const payer = await newShopper(app, [{ id: 1, quantity: 1 }]);
    await applied(payer, code);
    await pay(payer, await payer.placeOrder());
    const holder = await newShopper(app, [{ id: 1, quantity: 1 }]);
    await applied(holder, code);
    await holder.placeOrder();
    const racers = await Promise.all(
      Array.from({ length: 20 }, () => newShopper(app, [{ id: 2, quantity: 1 }])),
    );
    for (const racer of racers) await applied(racer, code);
    const replies = await Promise.all(racers.map((racer) => racer.createOrder()));
    const placed = replies.filter((reply) => reply.statusCode === 200);
    const refused = replies.filter((reply) => reply.statusCode !== 200);
    expect(placed).toHaveLength(1);
    expect(refused.map((reply) => [reply.statusCode, reply.json().message])).toEqual(
      Array.from({ length: 19 }, () => [409, couponMessages.usedUp]),
    );
    expect(await usedCount(coupon.id)).toEqual({ used: 1, held: 2 });
    const withCode = (await app.db.execute(
      sql`select count(*)::int as n from orders where coupon_id = ${coupon.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(withCode.rows[0]?.n).toBe(3);
  });

  it('an abandoned checkout gives its use back when its hold expires', async () => {
    const code = codeName('LAPSE');
    const coupon = await createCoupon({ code, totalUses: 1 });
    const first = await newShopper(app, [{ id: 1, quantity: 1 }]);
    await applied(first, code);
    await first.placeOrder();
    const second = await newShopper(app, [{ id: 1, quantity: 1 }]);
    expect((await apply(second, code)).json().message).toBe(couponMessages.usedUp);
    await sweepExpiredHolds(app.db, new Date(Date.now() + CHECKOUT_HOLD_MS + 1000));
    expect(await usedCount(coupon.id)).toEqual({ used: 0, held: 0 });
    await applied(second, code);
    const placed = await second.placeOrder();
    expect((await orderRow(app, placed.orderId)).couponDiscountPaise).toBe(2390);
  });

  it('a shopper placing a second checkout with the code takes over the use their first one held', async () => {
    const code = codeName('AGAIN');
    const coupon = await createCoupon({ code, totalUses: 1 });
    const shopper = await newShopper(app, [{ id: 1, quantity: 1 }]);
    await applied(shopper, code);
    const firstTry = await shopper.placeOrder();
    await shopper.setCart([{ id: 1, quantity: 2 }]);
    await applied(shopper, code);
    const secondTry = await shopper.placeOrder();
    expect(secondTry.orderId).not.toBe(firstTry.orderId);
    const held = await app.db
      .select()
      .from(holds)
      .where(and(eq(holds.kind, 'coupon'), eq(holds.ref, coupon.id)));
    expect(held.map((hold) => hold.orderId)).toEqual([secondTry.orderId]);
    expect(await usedCount(coupon.id)).toEqual({ used: 0, held: 1 });
    // The first checkout carried the code at its price without a use of its own: it is replaced (cancelled).
    expect(await orderRow(app, firstTry.orderId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'pending',
      couponUse: 'released',
    });
  });
});

describe("a code's limits when one shopper races themselves (docs/product.md#one-checkout)", () => {
  /** Every distinct Razorpay order the replies named, paid in the simulator and reported. */
  async function payEvery(shopper: Shopper, replies: { statusCode: number; json: () => unknown }[]) {
    const placed = replies
      .filter((reply) => reply.statusCode === 200)
      .map((reply) => reply.json() as CreatePaymentOrderReply);
    const distinct = [...new Map(placed.map((each) => [each.id, each])).values()];
    for (const each of distinct) {
      const success = razorpaySimulatorOf(app).completePayment(each.id);
      await shopper.reportPayment(success);
    }
    return distinct;
  }

  async function discountedPaidOrders(couponId: number, userId: string) {
    const result = (await app.db.execute(
      sql`select count(*)::int as n from orders where coupon_id = ${couponId} and user_id = ${userId}
          and paid_at is not null and status <> 'cancelled' and coupon_use = 'consumed'`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0]?.n;
  }

  it('6 create-orders at once for one cart, with a code of 1 use in all and 1 per shopper: one order, paid once at the discount', async () => {
    const code = codeName('ONLYONE');
    const coupon = await createCoupon({ code, totalUses: 1, usesPerShopper: 1 });
    const shopper = await newShopper(app, [{ id: 1, quantity: 1 }]);
    await applied(shopper, code);
    const replies = await Promise.all(Array.from({ length: 6 }, () => shopper.createOrder()));
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const placed = replies.map((reply) => reply.json<CreatePaymentOrderReply>());
    expect(new Set(placed.map((each) => each.orderId)).size).toBe(1);
    expect(new Set(placed.map((each) => each.id)).size).toBe(1);
    const mine = await app.db.select().from(orders).where(eq(orders.userId, shopper.userId));
    expect(mine).toHaveLength(1);
    expect(await usedCount(coupon.id)).toEqual({ used: 0, held: 1 });
    await payEvery(shopper, replies);
    expect(await discountedPaidOrders(coupon.id, shopper.userId)).toBe(1);
    expect(await usedCount(coupon.id)).toEqual({ used: 1, held: 0 });
  });

  it('a first-order-only code, 6 create-orders at once by one new shopper: one order, and none after it is paid', async () => {
    const code = codeName('FIRSTONLY');
    const coupon = await createCoupon({ code, firstOrderOnly: true, usesPerShopper: 5 });
    const shopper = await newShopper(app, [{ id: 2, quantity: 1 }]);
    await applied(shopper, code);
    const replies = await Promise.all(Array.from({ length: 6 }, () => shopper.createOrder()));
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(replies.map((reply) => reply.json<CreatePaymentOrderReply>().orderId)).size).toBe(1);
    await payEvery(shopper, replies);
    expect(await discountedPaidOrders(coupon.id, shopper.userId)).toBe(1);
    await shopper.setCart([{ id: 2, quantity: 2 }]);
    expect((await apply(shopper, code)).json().message).toBe(couponMessages.firstOrderOnly);
  });

  it('a once-per-shopper code over carts changed between create-orders, some at once: only the last checkout keeps it, and money for the others is refunded', async () => {
    const code = codeName('ONCEEACH');
    const coupon = await createCoupon({ code });
    const shopper = await newShopper(app, [{ id: 1, quantity: 1 }]);
    await applied(shopper, code);
    const replies = [];
    for (const quantity of [1, 2, 3, 4, 5]) {
      await shopper.setCart([{ id: 1, quantity }]);
      await applied(shopper, code);
      replies.push(...(await Promise.all([shopper.createOrder(), shopper.createOrder()])));
    }
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    const orderIds = [...new Set(replies.map((reply) => reply.json<CreatePaymentOrderReply>().orderId))];
    expect(orderIds).toHaveLength(5);
    const rows = await Promise.all(orderIds.map((orderId) => orderRow(app, orderId)));
    expect(rows.map((row) => [row.status, row.couponUse])).toEqual([
      ...Array.from({ length: 4 }, () => ['cancelled', 'released']),
      ['pending', 'reserved'],
    ]);
    expect(await usedCount(coupon.id)).toEqual({ used: 0, held: 1 });
    // The shopper pays every Razorpay order they were given, the replaced ones too.
    await payEvery(shopper, replies);
    expect(await discountedPaidOrders(coupon.id, shopper.userId)).toBe(1);
    expect(await usedCount(coupon.id)).toEqual({ used: 1, held: 0 });
    const refundsQueued = (await app.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = ${jobQueues.refundCancelledOrder}
          and data->>'orderId' in (${sql.join(
            orderIds.slice(0, 4).map((id) => sql`${id}`),
            sql`, `,
          )})`,
    )) as unknown as { rows: { n: number }[] };
    expect(refundsQueued.rows[0]?.n).toBe(4);
  });
});

describe('a cancelled order with a code', () => {
  it('gives its use back before shipping, and its credit note and refund carry the discounted amounts', async () => {
    const code = codeName('BACK');
    const coupon = await createCoupon({ code, percentOff: 20, totalUses: 1 });
    const shopper = await newShopper(app, [{ id: 4, quantity: 1 }]);
    await applied(shopper, code);
    const placed = await shopper.placeOrder();
    await pay(shopper, placed);
    // ₹599 less 20% (₹119.80) plus ₹75 shipping.
    expect((await orderRow(app, placed.orderId)).totalPaise).toBe(59_900 - 11_980 + 7_500);
    expect(await usedCount(coupon.id)).toEqual({ used: 1, held: 0 });
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/orders/cancel/${placed.orderId}`,
      headers: shopper.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await refundCancelledOrder(paymentDeps(app), placed.orderId, 'system');
    expect(await usedCount(coupon.id)).toEqual({ used: 0, held: 0 });
    expect((await orderRow(app, placed.orderId)).couponUse).toBe('released');
    const [note] = await app.db.select().from(creditNotes).where(eq(creditNotes.orderId, placed.orderId));
    expect(note?.totalPaise).toBe(55_420);
    expect(note?.lines.map((line) => line.totalPaise)).toEqual([47_920, 7_500]);
    const refunded = await app.db
      .select({ amountPaise: refunds.amountPaise })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.orderId, placed.orderId));
    expect(refunded).toEqual([{ amountPaise: 55_420 }]);
    // The use is back: another shopper may take it.
    const next = await newShopper(app, [{ id: 4, quantity: 1 }]);
    await applied(next, code);
  });

  it('keeps its use once the parcel is with the courier (no cancel after pickup)', async () => {
    const code = codeName('KEPT');
    const coupon = await createCoupon({ code });
    const shopper = await newShopper(app, [{ id: 1, quantity: 1 }]);
    await applied(shopper, code);
    const placed = await shopper.placeOrder();
    await pay(shopper, placed);
    await bookShipment(app, placed.orderId);
    await app.db.execute(sql`update shipments set stage = 'picked_up' where order_id = ${placed.orderId}`);
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/orders/cancel/${placed.orderId}`,
      headers: shopper.headers,
    });
    expect(cancel.statusCode).not.toBe(200);
    expect(await usedCount(coupon.id)).toEqual({ used: 1, held: 0 });
  });
});

describe('the console', () => {
  it('lets owners write and support only read; every write is audited', async () => {
    const code = codeName('AUDIT');
    const denied = await app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: support.headers,
      payload: { code, kind: 'percent', percentOff: 5, validFrom: '2026-01-01T00:00:00Z' },
    });
    expect(denied.statusCode).toBe(403);
    const coupon = await createCoupon({ code });
    const list = await app.inject({ method: 'GET', url: '/api/admin/coupons', headers: support.headers });
    expect(list.json<AdminCouponsReply>().coupons[0]).toMatchObject({ code, stats: { usedCount: 0 } });
    const patchBySupport = await app.inject({
      method: 'PATCH',
      url: `/api/admin/coupons/${coupon.id}`,
      headers: support.headers,
      payload: { status: 'paused' },
    });
    expect(patchBySupport.statusCode).toBe(403);
    await app.inject({
      method: 'PATCH',
      url: `/api/admin/coupons/${coupon.id}`,
      headers: owner.headers,
      payload: { status: 'paused' },
    });
    const audit = await app.db
      .select({ action: auditLog.action, staffId: auditLog.staffId })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'coupon'), eq(auditLog.entityId, String(coupon.id))));
    expect(audit).toEqual([
      { action: 'coupon.create', staffId: owner.staffId },
      { action: 'coupon.paused', staffId: owner.staffId },
    ]);
  });

  it.each([
    [{ code: 'AB' }, adminCouponMessages.codeFormat],
    [{ percentOff: 101 }, adminCouponMessages.percentRange],
    [{ kind: 'flat' as const, percentOff: null }, adminCouponMessages.amountWhole],
    [{ kind: 'flat' as const, amountOffRupees: 50 }, adminCouponMessages.percentOnly],
    [{ validUntil: '2025-12-31T00:00:00Z' }, adminCouponMessages.untilAfterFrom],
    [{ totalUses: 0 }, adminCouponMessages.totalUsesWhole],
    [{ public: true }, adminCouponMessages.publicNeedsDescription],
    [{ productIds: [999] }, adminCouponMessages.unknownProduct(999)],
  ])('refuses %o: %s', async (overrides, message) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: owner.headers,
      payload: {
        code: codeName('BAD'),
        kind: 'percent',
        percentOff: 10,
        validFrom: '2026-01-01T00:00:00Z',
        ...overrides,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });

  it('refuses a taken code, a code change once used, and any change once ended', async () => {
    const code = codeName('TAKEN');
    const coupon = await createCoupon({ code });
    const taken = await app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: owner.headers,
      payload: {
        code: code.toLowerCase(),
        kind: 'percent',
        percentOff: 10,
        validFrom: '2026-01-01T00:00:00Z',
      },
    });
    expect([taken.statusCode, taken.json().message]).toEqual([409, adminCouponMessages.codeTaken]);
    const shopper = await newShopper(app, [{ id: 1, quantity: 1 }]);
    await applied(shopper, code);
    await shopper.placeOrder();
    const patch = (payload: object) =>
      app.inject({
        method: 'PATCH',
        url: `/api/admin/coupons/${coupon.id}`,
        headers: owner.headers,
        payload,
      });
    const renamed = await patch({ code: codeName('RENAMED') });
    expect([renamed.statusCode, renamed.json().message]).toEqual([
      400,
      adminCouponMessages.codeFixedOnceUsed,
    ]);
    expect((await patch({ status: 'ended' })).statusCode).toBe(200);
    const restarted = await patch({ status: 'active' });
    expect([restarted.statusCode, restarted.json().message]).toEqual([400, adminCouponMessages.endedIsFinal]);
    const missing = await app.inject({
      method: 'GET',
      url: '/api/admin/coupons/999999',
      headers: support.headers,
    });
    expect([missing.statusCode, missing.json().message]).toEqual([404, adminCouponMessages.notFound]);
  });
});
