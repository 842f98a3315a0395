import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStatsReply } from '../../../contracts/admin-stats';
import { codPayouts, codRefundsPaidElsewhere, payments, products, refunds } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { codOrder } from '../../test/cod-factories';
import { remakeMoneyRecord } from '../../test/money-record';
import { type PaidOrder, placePaidOrder } from '../../test/order-helpers';
import { createShopper } from '../../test/shopper-factory';
import { createStaffMember } from '../../test/staff-factory';

let app: TestApp;
let support: { authorization: string };

beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000, jobWorkers: false });
  support = (await createStaffMember(app, { role: 'support' })).headers;
});
afterAll(() => app.closeAndDrop());

const istDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });
/** The IST day `daysAgo` days before today, YYYY-MM-DD. */
const dayAgo = (daysAgo: number) => istDay.format(new Date(Date.now() - daysAgo * 86_400_000));

async function paidDaysAgo(order: PaidOrder, daysAgo: number, method: string) {
  await app.db.execute(
    sql`update orders set paid_at = now() - make_interval(days => ${daysAgo}) where id = ${order.orderId}`,
  );
  await app.db.update(payments).set({ method }).where(eq(payments.orderId, order.orderId));
}

async function stats(days: string) {
  return app.inject({ method: 'GET', url: `/api/admin/stats?days=${days}`, headers: support });
}

async function titleOf(id: number) {
  const [row] = await app.db.select({ title: products.title }).from(products).where(eq(products.id, id));
  return row?.title ?? '';
}

describe('GET /api/admin/stats', () => {
  it('gives the daily revenue and orders, units per product and payment methods of the range, zero days filled', async () => {
    const today = await placePaidOrder(app, { lines: [{ id: 1, quantity: 2 }] });
    const threeDaysAgo = await placePaidOrder(app, {
      lines: [
        { id: 2, quantity: 1 },
        { id: 1, quantity: 1 },
      ],
    });
    const alsoThreeDaysAgo = await placePaidOrder(app, { lines: [{ id: 3, quantity: 4 }] });
    const fortyDaysAgo = await placePaidOrder(app, { lines: [{ id: 2, quantity: 5 }] });
    await paidDaysAgo(today, 0, 'upi');
    await paidDaysAgo(threeDaysAgo, 3, 'card');
    await paidDaysAgo(alsoThreeDaysAgo, 3, 'netbanking');
    await paidDaysAgo(fortyDaysAgo, 40, 'card');
    // A processed refund of ₹50 on today's order: revenue is net of it, as on the dashboard.
    const [payment] = await app.db.select().from(payments).where(eq(payments.orderId, today.orderId));
    if (!payment) throw new Error('no payment');
    await app.db.insert(refunds).values({
      paymentId: payment.id,
      razorpayRefundId: `rfnd_stats${Date.now()}`,
      amountPaise: 5000,
      status: 'processed',
    });
    await remakeMoneyRecord(app, today.orderId);
    // A pending order counts nowhere.
    const { headers } = await createShopper(app);
    await app.inject({
      method: 'POST',
      url: '/api/cart/update',
      headers,
      payload: { cart: [{ id: 4, quantity: 1 }] },
    });
    expect(
      (await app.inject({ method: 'POST', url: '/api/payment/create-order', headers, payload: {} }))
        .statusCode,
    ).toBe(200);

    const response = await stats('30');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<AdminStatsReply>();
    expect(body.days).toBe(30);
    expect(body.daily).toHaveLength(30);
    expect(body.daily[0]?.day).toBe(dayAgo(29));
    expect(body.daily.at(-1)).toEqual({
      day: dayAgo(0),
      orders: 1,
      revenueRupees: (today.totalPaise - 5000) / 100,
    });
    expect(body.daily.find((entry) => entry.day === dayAgo(3))).toEqual({
      day: dayAgo(3),
      orders: 2,
      revenueRupees: (threeDaysAgo.totalPaise + alsoThreeDaysAgo.totalPaise) / 100,
    });
    const quiet = body.daily.filter((entry) => entry.day !== dayAgo(0) && entry.day !== dayAgo(3));
    expect(quiet).toHaveLength(28);
    expect(quiet.every((entry) => entry.orders === 0 && entry.revenueRupees === 0)).toBe(true);
    expect(body.unitsByProduct).toEqual([
      { productId: 3, title: await titleOf(3), units: 4 },
      { productId: 1, title: await titleOf(1), units: 3 },
      { productId: 2, title: await titleOf(2), units: 1 },
    ]);
    expect(body.paymentMethods).toEqual([
      { method: 'card', orders: 1 },
      { method: 'upi', orders: 1 },
      { method: 'cod', orders: 0 },
      { method: 'other', orders: 1 },
    ]);

    const longer = (await stats('90')).json<AdminStatsReply>();
    expect(longer.daily).toHaveLength(90);
    expect(longer.daily.find((entry) => entry.day === dayAgo(40))).toEqual({
      day: dayAgo(40),
      orders: 1,
      revenueRupees: fortyDaysAgo.totalPaise / 100,
    });
    expect(longer.unitsByProduct.find((entry) => entry.productId === 2)?.units).toBe(6);
    expect(longer.paymentMethods).toEqual([
      { method: 'card', orders: 2 },
      { method: 'upi', orders: 1 },
      { method: 'cod', orders: 0 },
      { method: 'other', orders: 1 },
    ]);

    // A cancelled order's units are not sold; its revenue stays net of its refunds, as on the dashboard.
    await app.db.execute(sql`update orders set status = 'cancelled' where id = ${alsoThreeDaysAgo.orderId}`);
    const afterCancel = (await stats('30')).json<AdminStatsReply>();
    expect(afterCancel.unitsByProduct.map((entry) => entry.productId)).toEqual([1, 2]);
  });

  it('counts a COD order on the day its cash was collected, as Cash on delivery, net of its payouts and refunds paid another way', async () => {
    const cod = await codOrder(app, { collectedDaysAgo: 5 });
    await app.db.execute(
      sql`update orders set paid_at = now() - make_interval(days => 5) where id = ${cod.orderId}`,
    );
    const before = (await stats('30')).json<AdminStatsReply>();
    const fiveDaysAgo = (body: AdminStatsReply) => body.daily.find((entry) => entry.day === dayAgo(5));
    await app.db.insert(codPayouts).values([
      {
        orderId: cod.orderId,
        requestKey: `k-${cod.orderId}`,
        idempotencyKey: `i-${cod.orderId}`,
        razorpayPayoutId: `pout_${Date.now()}`,
        amountPaise: 10_000,
        vpa: 'asha@okaxis',
        reason: 'Damaged',
        status: 'processed',
      },
      // Failed: the money stayed with the shop.
      {
        orderId: cod.orderId,
        requestKey: `f-${cod.orderId}`,
        idempotencyKey: `j-${cod.orderId}`,
        razorpayPayoutId: `pout_f${Date.now()}`,
        amountPaise: 20_000,
        vpa: 'asha@okaxis',
        reason: 'Damaged',
        status: 'failed',
      },
    ]);
    await app.db
      .insert(codRefundsPaidElsewhere)
      .values({ orderId: cod.orderId, amountPaise: 5_000, how: 'cash' });
    await remakeMoneyRecord(app, cod.orderId);

    const after = (await stats('30')).json<AdminStatsReply>();
    expect(fiveDaysAgo(after)?.orders).toBe(fiveDaysAgo(before)?.orders);
    expect(fiveDaysAgo(after)?.revenueRupees).toBe((fiveDaysAgo(before)?.revenueRupees ?? 0) - 150);
    expect(after.paymentMethods.find((entry) => entry.method === 'cod')?.orders).toBeGreaterThanOrEqual(1);
  });

  it.each(['7', '', 'thirty', '30.0', '-30'])(
    'refuses days=%s with a 400 and a clear message',
    async (days) => {
      const response = await stats(days);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Please choose 30 or 90 days.' });
    },
  );

  it("refuses a shopper's session and no session", async () => {
    const { headers } = await createShopper(app);
    const asShopper = await app.inject({ method: 'GET', url: '/api/admin/stats?days=30', headers });
    expect(asShopper.statusCode).toBeOneOf([401, 403]);
    const anonymous = await app.inject({ method: 'GET', url: '/api/admin/stats?days=30' });
    expect(anonymous.statusCode).toBeOneOf([401, 403]);
  });
});

describe('the OpenAPI document', () => {
  it('lists the inbox and stats routes under the admin tag', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { tags?: string[] }>>;
    }>();
    const expected: [string, string][] = [
      ['/api/admin/stats', 'get'],
      ['/api/admin/messages', 'get'],
      ['/api/admin/messages/{id}', 'get'],
      ['/api/admin/messages/{id}/reply', 'post'],
      ['/api/admin/messages/{id}/status', 'post'],
    ];
    for (const [path, method] of expected) {
      expect(document.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['admin']);
    }
  });
});
