import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartReply } from '../../contracts/cart';
import { orderItems, orders, products } from '../db/schema';
import { heldUnits } from '../modules/holds/holds';
import { holdCutoff } from '../modules/stock/holds';
import { insertAbandonedCheckouts } from './abandoned-checkouts';
import { buildTestApp, type TestApp } from './build-test-app';
import { insertShoppersWithCarts } from './bulk-shoppers';

// The bench's and load test's seeding (docs/operations.md#bench) must leave what the shop's own routes would.

let app: TestApp;
let productIds: number[];

beforeAll(async () => {
  app = await buildTestApp();
  productIds = (await app.db.select({ id: products.id }).from(products)).map((row) => row.id);
});
afterAll(() => app.closeAndDrop());

describe('insertShoppersWithCarts', () => {
  it('writes shoppers whose token signs them in, with the cart it reports', async () => {
    const shoppers = await insertShoppersWithCarts(app.db, { count: 3, productIds });
    for (const shopper of shoppers) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/cart',
        headers: { authorization: `Bearer ${shopper.token}` },
      });
      expect(response.statusCode).toBe(200);
      const cart = response.json<CartReply>().cart;
      expect(cart.map((line) => [line.id, line.size, line.quantity]).sort()).toEqual(
        shopper.cart.map((line) => [line.id, line.size, line.quantity]).sort(),
      );
      expect(cart.length).toBeGreaterThanOrEqual(1);
      expect(cart.length).toBeLessThanOrEqual(7);
    }
  });
});

describe('insertAbandonedCheckouts', () => {
  it('leaves pending orders inside the hold whose items hold their units', async () => {
    const before = await heldUnits(app.db, 'product', productIds);
    await insertAbandonedCheckouts(app.db, { count: 40, productIds });

    const pending = await app.db
      .select({ id: orders.id, razorpayOrderId: orders.razorpayOrderId })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'pending'),
          eq(orders.paymentStatus, 'pending'),
          gt(orders.createdAt, holdCutoff()),
        ),
      );
    expect(pending.filter((order) => order.razorpayOrderId?.startsWith('order_abandoned_'))).toHaveLength(40);
    const [items] = await app.db
      .select({ units: sql<number>`sum(${orderItems.quantity})::int`, lines: sql<number>`count(*)::int` })
      .from(orderItems);
    expect(items?.lines).toBeGreaterThanOrEqual(40);
    expect(items?.lines).toBeLessThanOrEqual(40 * 7);

    const after = await heldUnits(app.db, 'product', productIds);
    const added = productIds.reduce((sum, id) => sum + (after.get(id) ?? 0) - (before.get(id) ?? 0), 0);
    expect(added).toBe(items?.units);
  });

  it('leaves unconfirmed COD orders, confirmable for a day, whose units are held for the checkout hold', async () => {
    const before = await heldUnits(app.db, 'product', productIds);
    await insertAbandonedCheckouts(app.db, { count: 12, productIds, cod: { feePaise: 4900 } });
    const awaiting = await app.db
      .select()
      .from(orders)
      .where(and(eq(orders.paymentMethod, 'COD'), eq(orders.paymentStatus, 'cod_due')));
    expect(awaiting).toHaveLength(12);
    for (const order of awaiting) {
      expect(order).toMatchObject({ status: 'pending', codFeePaise: 4900, razorpayOrderId: null });
      expect(order.codConfirmBy?.getTime()).toBeGreaterThan(Date.now() + 22 * 3_600_000);
    }
    const after = await heldUnits(app.db, 'product', productIds);
    const added = productIds.reduce((sum, id) => sum + (after.get(id) ?? 0) - (before.get(id) ?? 0), 0);
    expect(added).toBeGreaterThanOrEqual(12);
  });

  it('spreads the orders over the shoppers given', async () => {
    const shoppers = await insertShoppersWithCarts(app.db, { count: 2, productIds, withCarts: false });
    await insertAbandonedCheckouts(app.db, {
      count: 6,
      productIds,
      userIds: shoppers.map((each) => each.userId),
    });
    for (const shopper of shoppers) {
      const mine = await app.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.userId, shopper.userId));
      expect(mine).toHaveLength(3);
    }
  });
});
