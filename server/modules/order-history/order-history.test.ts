import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderHistoryEntry } from '../../../contracts/orders';
import { orderItems, orders, payments } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { newShopper, placePaidOrder, razorpaySimulatorOf, type Shopper } from '../../test/order-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000, jobWorkers: false });
});
afterAll(() => app.closeAndDrop());
beforeEach(() => {
  razorpaySimulatorOf(app).reset();
});

function history(shopper: Pick<Shopper, 'headers'>) {
  return app.inject({ method: 'GET', url: '/api/order-history', headers: shopper.headers });
}

function write(shopper: Pick<Shopper, 'headers'>, path: 'update' | 'create', payload: unknown) {
  return app.inject({
    method: 'POST',
    url: `/api/order-history/${path}`,
    headers: { ...shopper.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

/** Rows of every table an order lives in, across all shoppers. */
async function rowCounts() {
  const [[ordersCount], [itemsCount], [paymentsCount]] = await Promise.all([
    app.db.select({ n: count() }).from(orders),
    app.db.select({ n: count() }).from(orderItems),
    app.db.select({ n: count() }).from(payments),
  ]);
  return { orders: ordersCount?.n, items: itemsCount?.n, payments: paymentsCount?.n };
}

describe('GET /api/order-history', () => {
  it("lists the shopper's paid orders as sync entries, newest first, read from the orders table", async () => {
    const first = await placePaidOrder(app);
    const second = await placePaidOrder(app, { shopper: first.shopper, lines: [{ id: 2, quantity: 1 }] });
    // An unpaid checkout is not an order yet, and another shopper's orders are not this one's.
    await first.shopper.setCart([{ id: 3, quantity: 1 }]);
    await first.shopper.placeOrder();
    await placePaidOrder(app);

    const reply = await history(first.shopper);
    expect(reply.statusCode, reply.body).toBe(200);
    const entries = reply.json<{ orderHistory: OrderHistoryEntry[] }>().orderHistory;
    expect(entries.map((entry) => entry.orderId)).toEqual([second.orderId, first.orderId]);
    const [newest] = entries;
    expect(newest).toMatchObject({
      orderId: second.orderId,
      orderData: {
        orderId: second.orderId,
        status: 'confirmed',
        paymentStatus: 'paid',
        paymentId: second.paymentId,
        totalPaise: 56_900 + 7_500,
        items: [{ productId: 2, quantity: 1 }],
      },
    });
    expect(newest?.createdAt).toBe(newest?.orderData.createdAt);
    expect(Date.parse(newest?.updatedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(newest?.createdAt ?? ''));
  });

  it('is empty for a new shopper and needs a session', async () => {
    const shopper = await newShopper(app, []);
    expect((await history(shopper)).json()).toEqual({ orderHistory: [] });
    expect((await app.inject({ method: 'GET', url: '/api/order-history' })).statusCode).toBe(401);
  });
});

describe('POST /api/order-history/update and /create', () => {
  it('never create a copy of an order: they answer the history as the orders table has it', async () => {
    const paid = await placePaidOrder(app);
    const before = await rowCounts();
    const expected = (await history(paid.shopper)).json();

    // What the original client sends: its own copy of the entry, with made-up totals and extra fields.
    const entry = {
      orderId: paid.orderId,
      orderData: { _id: paid.orderId, total: 1, orderStatus: 'delivered', items: [{ productId: 7 }] },
      createdAt: '2020-01-01T00:00:00.000Z',
      updatedAt: '2020-01-01T00:00:00.000Z',
    };
    const replies = [
      await write(paid.shopper, 'update', { orderHistory: [entry, { notes: 'no id at all' }] }),
      await write(paid.shopper, 'update', { orderHistory: [] }),
      await write(paid.shopper, 'create', entry),
      await write(paid.shopper, 'create', { entry }),
      await write(paid.shopper, 'create', { userId: paid.shopper.userId, order: { total: 5 } }),
    ];
    for (const reply of replies) {
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json()).toEqual({ success: true, ...expected });
    }
    expect(await rowCounts()).toEqual(before);
    expect((await history(paid.shopper)).json()).toEqual(expected);
  });

  it("answers 404 for an entry naming another shopper's order, or an order that does not exist", async () => {
    const asha = await placePaidOrder(app);
    const ravi = await newShopper(app, []);
    const before = await rowCounts();
    const bodies: ['update' | 'create', unknown][] = [
      ['create', { orderId: asha.orderId }],
      ['create', { entry: { orderData: { _id: asha.orderId } } }],
      ['update', { orderHistory: [{ orderId: asha.orderId }] }],
      ['create', { orderId: `fallback_${Date.now()}` }],
      ['update', { orderHistory: [{ orderId: '00000000-0000-4000-8000-000000000000' }] }],
    ];
    for (const [path, body] of bodies) {
      const reply = await write(ravi, path, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(404);
      expect(reply.json()).toEqual({ message: 'Order not found' });
    }
    expect((await history(ravi)).json()).toEqual({ orderHistory: [] });
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses bodies that are not the right shape with a clear 400, never a 500', async () => {
    const shopper = await newShopper(app, []);
    const cases: ['update' | 'create', unknown, string][] = [
      ['update', [], 'Send the order history as a JSON object: {"orderHistory": [...]}.'],
      ['update', 'orders', 'Send the order history as a JSON object: {"orderHistory": [...]}.'],
      ['update', null, 'Send the order history as a JSON object: {"orderHistory": [...]}.'],
      ['update', {}, 'orderHistory must be a list of order-history entries.'],
      ['update', { orderHistory: 'all' }, 'orderHistory must be a list of order-history entries.'],
      ['update', { orderHistory: [42] }, 'Each order-history entry must be a JSON object.'],
      [
        'update',
        { orderHistory: Array.from({ length: 101 }, () => ({})) },
        'At most 100 order-history entries can be sent at once.',
      ],
      ['create', [], 'Each order-history entry must be a JSON object.'],
      ['create', 7, 'Each order-history entry must be a JSON object.'],
      ['create', { entry: 'x' }, 'Each order-history entry must be a JSON object.'],
      ['create', { orderData: [] }, 'Each order-history entry must be a JSON object.'],
    ];
    for (const [path, body, message] of cases) {
      const reply = await write(shopper, path, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json().message, JSON.stringify(body)).toBe(message);
    }
    const tooLong = await write(shopper, 'create', { orderId: 'x'.repeat(65) });
    expect(tooLong.statusCode).toBe(400);
    const noBody = await app.inject({
      method: 'POST',
      url: '/api/order-history/update',
      headers: shopper.headers,
    });
    expect(noBody.statusCode).toBe(400);
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/order-history/create',
      headers: { ...shopper.headers, 'content-type': 'application/json' },
      payload: '{"orderId":',
    });
    expect(notJson.statusCode).toBe(400);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/order-history/create',
      payload: { orderId: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
