import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminOrderMessages } from '../../contracts/admin-orders';
import type { CartReply } from '../../contracts/cart';
import type { Product } from '../../contracts/catalogue';
import { stockMessages } from '../../contracts/orders';
import type { Database } from '../db/client';
import {
  auditLog,
  heldTotals,
  holds,
  orderAttention,
  orderItems,
  orders,
  products,
  shipments,
  stockMovements,
} from '../db/schema';
import { jobQueues } from '../job-queues';
import { sweepExpiredHolds } from '../modules/holds/holds';
import { transitionOrder } from '../modules/orders/order-writer';
import { holdCartStock } from '../modules/stock/availability';
import { CHECKOUT_HOLD_MS } from '../modules/stock/holds';
import { sendLowStockAlert } from '../modules/stock/low-stock';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { readOutbox } from '../test/dev-outbox';
import {
  newShopper,
  orderRow,
  placePaidOrder,
  queuedJobs,
  razorpaySimulatorOf,
  type Shopper,
  shiprocketSimulatorOf,
} from '../test/order-helpers';
import { createStaffMember } from '../test/staff-factory';
import { shippingDeps } from './deps';
import { createShipmentForOrder, requeueUnshippedOrders } from './fulfil-order';

// docs/architecture.md#stock, end to end through the API: checkouts hold, payments take, cancellations put
// back, and the owner decides about an order paid when its units had run out.

let app: TestApp;
let owner: { email: string; headers: { authorization: string } };

beforeAll(async () => {
  // No workers: the tests look at the jobs queued, and do the low-stock job's work themselves.
  app = await buildTestApp({ authRateLimitMax: 10_000, jobWorkers: false });
  owner = await createStaffMember(app, { role: 'owner' });
});
afterAll(() => app.closeAndDrop());
beforeEach(() => {
  razorpaySimulatorOf(app).reset();
  shiprocketSimulatorOf(app).reset();
});

/** The owner's count, as the console sets it: every write to a product stamps `updated_at`. */
async function setProduct(productId: number, values: Partial<typeof products.$inferInsert>) {
  await app.db
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
}

async function stockOf(productId: number) {
  const [row] = await app.db
    .select({ stock: products.stock, alertedAt: products.lowStockAlertedAt })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) throw new Error(`no product ${productId}`);
  return row;
}

async function movementsOf(productId: number) {
  return app.db
    .select({ delta: stockMovements.delta, reason: stockMovements.reason, orderId: stockMovements.orderId })
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .orderBy(stockMovements.createdAt);
}

/** Pays a placed order in the simulated Checkout window and reports it as the browser does. */
async function pay(shopper: Shopper, razorpayOrderId: string) {
  const success = razorpaySimulatorOf(app).completePayment(razorpayOrderId);
  const response = await shopper.reportPayment(success);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ orderId: string }>().orderId;
}

async function openAttention(orderId: string) {
  return app.db
    .select({ reason: orderAttention.reason })
    .from(orderAttention)
    .where(and(eq(orderAttention.orderId, orderId), sql`${orderAttention.resolvedAt} is null`));
}

function shipLate(orderId: string, headers = owner.headers) {
  return app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/ship-late`, headers });
}

/** The order's checkout holds reach their time, as 30 minutes after PLACE ORDER. */
async function expireHoldsOf(orderId: string) {
  await app.db
    .update(holds)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(holds.orderId, orderId));
}

async function heldOf(productId: number): Promise<number> {
  const [row] = await app.db
    .select({ units: heldTotals.units })
    .from(heldTotals)
    .where(and(eq(heldTotals.kind, 'product'), eq(heldTotals.ref, productId)));
  return row?.units ?? 0;
}

/**
 * Two shoppers, one unit: the first one's checkout hold lapses, the second one buys the unit, then the first
 * one pays after all. Returns the order paid without its stock.
 */
async function orderPaidOutOfStock(productId: number) {
  await setProduct(productId, { stock: 1 });
  const late = await newShopper(app, [{ id: productId, quantity: 1 }]);
  const latePlaced = await late.placeOrder();
  await expireHoldsOf(latePlaced.orderId);
  const first = await placePaidOrder(app, { lines: [{ id: productId, quantity: 1 }] });
  expect((await stockOf(productId)).stock).toBe(0);
  const orderId = await pay(late, latePlaced.id);
  return { orderId, shopper: late, first };
}

describe('checkouts at once (docs/product.md#stock)', () => {
  it('sells 3 units to exactly 3 of 20 shoppers who check out together, and tells the others', async () => {
    await setProduct(1, { stock: 3 });
    const shoppers: Shopper[] = [];
    for (let i = 0; i < 20; i++) shoppers.push(await newShopper(app, [{ id: 1, quantity: 1 }]));

    const replies = await Promise.all(shoppers.map((shopper) => shopper.createOrder()));

    const created = replies.flatMap((reply, index) => (reply.statusCode === 200 ? [index] : []));
    expect(created).toHaveLength(3);
    const refused = replies.filter((reply) => reply.statusCode !== 200);
    expect(refused).toHaveLength(17);
    for (const reply of refused) {
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toEqual({
        message: 'Sorry, Face Mitt is out of stock. Please remove it from your cart.',
      });
    }
    for (const index of created) {
      const shopper = shoppers[index] as Shopper;
      const placed = (replies[index] as (typeof replies)[number]).json<{ id: string }>();
      await pay(shopper, placed.id);
    }
    expect((await stockOf(1)).stock).toBe(0);
    const sales = (await movementsOf(1)).filter((movement) => movement.reason === 'sale');
    expect(sales.map((movement) => movement.delta)).toEqual([-1, -1, -1]);
    await setProduct(1, { stock: 100 });
  });

  it('names how many are left when the cart wants more, and keeps a reused checkout its hold', async () => {
    await setProduct(6, { stock: 2 });
    const shopper = await newShopper(app, [{ id: 6, quantity: 3 }]);
    const tooMany = await shopper.createOrder();
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({
      message: 'Only 2 of Soft Mitt are left. Please lower the quantity in your cart.',
    });
    expect(stockMessages.onlyFewLeft('Face Mitt', 2)).toBe(
      'Only 2 of Face Mitt are left. Please lower the quantity in your cart.',
    );
    await shopper.setCart([{ id: 6, quantity: 2 }]);
    const first = await shopper.placeOrder();
    // The same cart again reuses the order: its own hold does not count against it.
    const again = await shopper.placeOrder();
    expect(again.orderId).toBe(first.orderId);
    const other = await newShopper(app, [{ id: 6, quantity: 1 }]);
    expect((await other.createOrder()).statusCode).toBe(409);
    await setProduct(6, { stock: 100 });
  });
});

describe('cancelling a paid order', () => {
  it('puts back what it took, once however often it is cancelled', async () => {
    const paid = await placePaidOrder(app, { lines: [{ id: 3, quantity: 2 }] });
    expect((await stockOf(3)).stock).toBe(98);
    for (let i = 0; i < 2; i++) {
      const cancel = await app.inject({
        method: 'POST',
        url: `/api/orders/cancel/${paid.orderId}`,
        headers: paid.shopper.headers,
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
    }
    expect((await stockOf(3)).stock).toBe(100);
    expect((await movementsOf(3)).map(({ delta, reason }) => ({ delta, reason }))).toEqual([
      { delta: -2, reason: 'sale' },
      { delta: 2, reason: 'cancellation' },
    ]);
  });
});

describe('an order paid when its last unit was gone', () => {
  it('is paid and confirmed but not shipped, and flagged for the owner', async () => {
    const { orderId } = await orderPaidOutOfStock(4);
    const order = await orderRow(app, orderId);
    expect({ status: order.status, paymentStatus: order.paymentStatus }).toEqual({
      status: 'confirmed',
      paymentStatus: 'paid',
    });
    expect((await stockOf(4)).stock).toBe(0);
    expect(await queuedJobs(app, jobQueues.createShipment, orderId)).toEqual([]);
    expect((await queuedJobs(app, jobQueues.sendOrderEmail, orderId)).map((job) => job.data)).toEqual([
      { orderId, kind: 'confirmed' },
    ]);
    expect(await openAttention(orderId)).toEqual([{ reason: 'paid_out_of_stock' }]);

    // Long after, the shipment sweep neither books it nor calls it a courier problem.
    await app.db
      .update(orders)
      .set({ paidAt: sql`now() - interval '2 hours'` })
      .where(eq(orders.id, orderId));
    await requeueUnshippedOrders(shippingDeps(app));
    expect(await queuedJobs(app, jobQueues.createShipment, orderId)).toEqual([]);
    expect(await openAttention(orderId)).toEqual([{ reason: 'paid_out_of_stock' }]);
    // A shipment job queued by hand (the console's retry) books nothing either.
    await createShipmentForOrder(shippingDeps(app), { orderId });
    expect(await app.db.select().from(shipments).where(eq(shipments.orderId, orderId))).toEqual([]);
    expect(await app.shiprocket.client.findOrder(orderId)).toBeUndefined();
    // So the console offers Ship late, not Retry shipment, and refuses a retry saying why.
    const detail = await app.inject({
      method: 'GET',
      url: `/api/admin/orders/${orderId}`,
      headers: owner.headers,
    });
    expect(detail.json().allowedActions).toEqual(['ship_late', 'refund', 'cancel', 'add_note']);
    const retry = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/shipment/retry`,
      headers: owner.headers,
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ message: adminOrderMessages.shipmentWaitsForStock });

    // Ship late: refused while the stock is 0, done once restocked.
    const refused = await shipLate(orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Not enough stock of Luxury Mitt yet: 0 left, 1 needed.' });
    const shopper = await createStaffMember(app, { role: 'support' });
    expect((await shipLate(orderId, shopper.headers)).statusCode).toBe(403);

    await setProduct(4, { stock: 10 });
    const shipped = await shipLate(orderId);
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json<{ message: string }>().message).toBe(stockMessages.shipLateQueued);
    expect((await stockOf(4)).stock).toBe(9);
    expect(await queuedJobs(app, jobQueues.createShipment, orderId)).toHaveLength(1);
    expect(await openAttention(orderId)).toEqual([]);
    const audit = await app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, orderId));
    expect(audit).toEqual([{ action: 'order.ship_late' }]);
    const again = await shipLate(orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: stockMessages.shipLateNotWaiting });
    expect((await stockOf(4)).stock).toBe(9);
    await setProduct(4, { stock: 100 });
  });

  it('cancelled by the owner, is refunded in full and puts back nothing', async () => {
    const { orderId } = await orderPaidOutOfStock(2);
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/cancel`,
      headers: owner.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const order = await orderRow(app, orderId);
    expect({ status: order.status, paymentStatus: order.paymentStatus }).toEqual({
      status: 'cancelled',
      paymentStatus: 'refunded',
    });
    expect((await stockOf(2)).stock).toBe(0);
    expect((await movementsOf(2)).filter((movement) => movement.orderId === orderId)).toEqual([]);
    expect(await openAttention(orderId)).toEqual([]);
    await setProduct(2, { stock: 100 });
  });

  it('is refused to a shopper session', async () => {
    const shopper = await newShopper(app, []);
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/orders/00000000-0000-4000-8000-000000000000/ship-late',
      headers: shopper.headers,
    });
    expect([401, 403]).toContain(response.statusCode);
  });
});

describe('prices follow the catalogue at once', () => {
  it('shows a new price in the list, the cart and a new order, and a paid order keeps its price', async () => {
    const paid = await placePaidOrder(app, { lines: [{ id: 6, quantity: 1 }] });
    const shopper = await newShopper(app, [{ id: 6, quantity: 1 }]);
    const before = await app.inject({ method: 'GET', url: '/api/products' });
    expect(before.headers['cache-control']).toBe('no-cache');

    await setProduct(6, { pricePaise: 80_000 });

    const list = await app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(list.statusCode).toBe(200);
    const soft = list.json<{ products: Product[] }>().products.find((product) => product.id === 6);
    expect(soft).toMatchObject({ price: 800, discountedPrice: 480 });
    const cart = await app.inject({ method: 'GET', url: '/api/cart', headers: shopper.headers });
    expect(cart.json<CartReply>().cart[0]).toMatchObject({ id: 6, price: 800, discountedPrice: 480 });
    const placed = await shopper.placeOrder();
    const [newItem] = await app.db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    expect(newItem?.unitPricePaise).toBe(48_000);
    const [paidItem] = await app.db.select().from(orderItems).where(eq(orderItems.orderId, paid.orderId));
    expect(paidItem?.unitPricePaise).toBe(38_900);
    await setProduct(6, { pricePaise: 64_900 });
  });
});

describe('low stock (docs/product.md#low-stock)', () => {
  async function lowStockJobs() {
    const result = (await app.db.execute(
      sql`select data from pgboss.job where name = ${jobQueues.alertLowStock} and (data->>'productId')::int = 7`,
    )) as unknown as { rows: { data: { productId: number } }[] };
    return result.rows.map((row) => row.data);
  }

  it('e-mails the owners once each time the stock falls to the threshold', async () => {
    await setProduct(7, { stock: 7, lowStockThreshold: 5 });
    const disabledOwner = await createStaffMember(app, { role: 'owner' });
    await app.db.execute(sql`update staff set disabled_at = now() where id = ${disabledOwner.staffId}`);

    const first = await placePaidOrder(app, { lines: [{ id: 7, quantity: 2 }] });
    expect(await stockOf(7)).toMatchObject({ stock: 5, alertedAt: expect.any(Date) });
    await placePaidOrder(app, { lines: [{ id: 7, quantity: 1 }] });
    expect(await lowStockJobs()).toEqual([{ productId: 7 }]);
    for (const job of await lowStockJobs()) await sendLowStockAlert(app.db, app.notifier, job);
    const sent = await readOutbox(app, owner.email);
    expect(sent.map((message) => message.subject)).toEqual(['Low stock: Luxury Mitt Black (4 left)']);
    expect(await readOutbox(app, disabledOwner.email)).toEqual([]);

    // Back above the threshold: the flag clears, and the next fall e-mails again.
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/orders/cancel/${first.orderId}`,
      headers: first.shopper.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockOf(7)).toEqual({ stock: 6, alertedAt: null });
    await placePaidOrder(app, { lines: [{ id: 7, quantity: 1 }] });
    expect(await lowStockJobs()).toEqual([{ productId: 7 }, { productId: 7 }]);
    await setProduct(7, { stock: 100 });
  });
});

describe('a product taken off sale', () => {
  it('leaves the storefront, stays in carts and wishlists marked, and cannot be checked out', async () => {
    const shopper = await newShopper(app, [
      { id: 5, quantity: 1 },
      { id: 1, quantity: 1 },
    ]);
    const wished = await app.inject({
      method: 'POST',
      url: '/api/wishlist/update',
      headers: shopper.headers,
      payload: { wishlist: [{ id: 5 }] },
    });
    expect(wished.statusCode, wished.body).toBe(200);
    await setProduct(5, { active: false });

    const page = await app.inject({ method: 'GET', url: '/api/products/5' });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual({ message: 'Product not found' });
    const list = await app.inject({ method: 'GET', url: '/api/products' });
    expect(list.json<{ products: Product[] }>().products.map((product) => product.id)).toEqual([
      1, 2, 3, 4, 6, 7,
    ]);
    const cart = (
      await app.inject({ method: 'GET', url: '/api/cart', headers: shopper.headers })
    ).json<CartReply>();
    const lines = cart.cart.map(({ id, available }) => ({ id, available }));
    expect(lines.sort((a, b) => a.id - b.id)).toEqual([
      { id: 1, available: true },
      { id: 5, available: false },
    ]);
    const wishlist = await app.inject({ method: 'GET', url: '/api/wishlist', headers: shopper.headers });
    expect(wishlist.statusCode).toBe(200);

    const refused = await shopper.createOrder();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Luxury Soft Mitt is no longer available. Please remove it from your cart.',
    });
    await setProduct(5, { active: true });
  });

  it('says a line of a product out of stock is not available', async () => {
    await setProduct(2, { stock: 0 });
    const shopper = await newShopper(app, [{ id: 2, quantity: 1 }]);
    const [line] = (
      await app.inject({ method: 'GET', url: '/api/cart', headers: shopper.headers })
    ).json<CartReply>().cart;
    expect(line).toMatchObject({ id: 2, inStock: false, available: false });
    const product = (await app.inject({ method: 'GET', url: '/api/products/2' })).json<{
      product: Product;
    }>();
    expect(product.product.inStock).toBe(false);
    await setProduct(2, { stock: 100 });
  });
});

describe('checkout holds (docs/architecture.md#holds)', () => {
  // A product of these tests' own; each test starts with nothing of it held.
  const PRODUCT = 8;

  beforeAll(async () => {
    const [face] = await app.db.select().from(products).where(eq(products.id, 1));
    if (!face) throw new Error('no product 1');
    await app.db.insert(products).values({ ...face, id: PRODUCT, sku: 'HOLDS-TEST', title: 'Holds Mitt' });
  });

  function cancel(shopper: Shopper, orderId: string) {
    return app.inject({ method: 'POST', url: `/api/orders/cancel/${orderId}`, headers: shopper.headers });
  }

  function abandon(orderId: string) {
    return transitionOrder(app.db, app.jobs, orderId, { type: 'checkout_abandoned' }, 'reconciler');
  }

  /** Every product's held total against the sum of its hold rows: they move together or not at all. */
  async function totalsMatchRows() {
    const rows = await app.db
      .select({
        ref: heldTotals.ref,
        total: heldTotals.units,
        rows: sql<number>`coalesce(sum(${holds.units}), 0)::int`,
      })
      .from(heldTotals)
      .leftJoin(holds, and(eq(holds.kind, heldTotals.kind), eq(holds.ref, heldTotals.ref)))
      .groupBy(heldTotals.kind, heldTotals.ref, heldTotals.units);
    for (const row of rows) expect(row.total, `product ${row.ref}`).toBe(Number(row.rows));
  }

  beforeEach(async () => {
    await sweepExpiredHolds(app.db, new Date(Date.now() + 60 * 60 * 1000));
    expect(await heldOf(PRODUCT)).toBe(0);
  });

  it('holds the cart at PLACE ORDER and gives it back once the order is paid, cancelled or given up', async () => {
    await setProduct(PRODUCT, { stock: 10 });
    const paying = await newShopper(app, [{ id: PRODUCT, quantity: 2 }]);
    const paid = await paying.placeOrder();
    expect(await heldOf(PRODUCT)).toBe(2);
    await pay(paying, paid.id);
    expect(await heldOf(PRODUCT)).toBe(0);
    expect((await stockOf(PRODUCT)).stock).toBe(8);

    const cancelling = await newShopper(app, [{ id: PRODUCT, quantity: 3 }]);
    const cancelled = await cancelling.placeOrder();
    expect(await heldOf(PRODUCT)).toBe(3);
    expect((await cancel(cancelling, cancelled.orderId)).statusCode).toBe(200);
    expect(await heldOf(PRODUCT)).toBe(0);

    const leaving = await newShopper(app, [{ id: PRODUCT, quantity: 1 }]);
    const left = await leaving.placeOrder();
    expect(await heldOf(PRODUCT)).toBe(1);
    await abandon(left.orderId);
    await abandon(left.orderId);
    expect(await heldOf(PRODUCT)).toBe(0);
    expect((await stockOf(PRODUCT)).stock).toBe(8);
    const orderIds = [paid.orderId, cancelled.orderId, left.orderId];
    expect(await app.db.select().from(holds).where(inArray(holds.orderId, orderIds))).toEqual([]);
    await totalsMatchRows();
  });

  it('the product page, the product list and checkout agree: out of stock while every unit is held, in stock once one is back', async () => {
    await setProduct(PRODUCT, { stock: 2 });
    const shown = async () => {
      const page = await app.inject({ method: 'GET', url: `/api/products/${PRODUCT}` });
      const list = await app.inject({ method: 'GET', url: '/api/products' });
      const listed = list.json<{ products: Product[] }>().products.find((product) => product.id === PRODUCT);
      return { page: page.json<{ product: Product }>().product.inStock, list: listed?.inStock };
    };
    expect(await shown()).toEqual({ page: true, list: true });
    const holder = await newShopper(app, [{ id: PRODUCT, quantity: 2 }]);
    const held = await holder.placeOrder();
    expect(await shown()).toEqual({ page: false, list: false });
    const other = await newShopper(app, [{ id: PRODUCT, quantity: 1 }]);
    expect((await other.createOrder()).json()).toEqual({ message: stockMessages.outOfStock('Holds Mitt') });

    expect((await cancel(holder, held.orderId)).statusCode).toBe(200);
    expect(await shown()).toEqual({ page: true, list: true });
    await other.placeOrder();
    expect(await shown()).toEqual({ page: true, list: true });
    const last = await newShopper(app, [{ id: PRODUCT, quantity: 1 }]);
    await last.placeOrder();
    expect(await shown()).toEqual({ page: false, list: false });
    // The holds run out: the sweep gives the units back, and the pages say so at once.
    await sweepExpiredHolds(app.db, new Date(Date.now() + CHECKOUT_HOLD_MS + 1000));
    expect(await shown()).toEqual({ page: true, list: true });
    // A sale of the last units says out of stock as before.
    await setProduct(PRODUCT, { stock: 0 });
    expect(await shown()).toEqual({ page: false, list: false });
  });

  it('stops counting a hold past its time: a checkout it stops takes it back, the sweep gives back the rest', async () => {
    await setProduct(PRODUCT, { stock: 2 });
    const first = await newShopper(app, [{ id: PRODUCT, quantity: 2 }]);
    const firstPlaced = await first.placeOrder();
    const second = await newShopper(app, [{ id: PRODUCT, quantity: 1 }]);
    expect((await second.createOrder()).json()).toEqual({
      message: 'Sorry, Holds Mitt is out of stock. Please remove it from your cart.',
    });

    await expireHoldsOf(firstPlaced.orderId);
    await second.placeOrder();
    expect(await heldOf(PRODUCT)).toBe(1);

    const third = await newShopper(app, [{ id: PRODUCT, quantity: 1 }]);
    const thirdPlaced = await third.placeOrder();
    expect(await heldOf(PRODUCT)).toBe(2);
    await expireHoldsOf(thirdPlaced.orderId);
    expect(await heldOf(PRODUCT)).toBe(2);
    expect(await sweepExpiredHolds(app.db)).toBe(1);
    expect(await sweepExpiredHolds(app.db)).toBe(0);
    expect(await heldOf(PRODUCT)).toBe(1);
    await totalsMatchRows();
  });

  it('never holds or sells more than is on hand while checkouts, payments, cancellations and abandoned checkouts race', async () => {
    const STOCK = 6;
    await setProduct(PRODUCT, { stock: STOCK });
    const shoppers: Shopper[] = [];
    for (let i = 0; i < 24; i++) shoppers.push(await newShopper(app, [{ id: PRODUCT, quantity: 1 }]));
    const firstRound = await Promise.all(shoppers.map((shopper) => shopper.createOrder()));
    const placed = shoppers.flatMap((shopper, index) => {
      const reply = firstRound[index];
      return reply?.statusCode === 200
        ? [{ shopper, order: reply.json<{ id: string; orderId: string }>() }]
        : [];
    });
    expect(placed).toHaveLength(STOCK);
    expect(await heldOf(PRODUCT)).toBe(STOCK);
    const refused = shoppers.filter((_, index) => firstRound[index]?.statusCode !== 200);

    // Two pay, two cancel, two are given up (one after its hold lapsed), while the refused try again.
    const [payA, payB, cancelA, cancelB, leaveA, leaveB] = placed as Required<typeof placed>;
    if (!payA || !payB || !cancelA || !cancelB || !leaveA || !leaveB) throw new Error('six orders placed');
    await expireHoldsOf(leaveB.order.orderId);
    const retries = await Promise.all([
      pay(payA.shopper, payA.order.id),
      pay(payB.shopper, payB.order.id),
      cancel(cancelA.shopper, cancelA.order.orderId),
      cancel(cancelB.shopper, cancelB.order.orderId),
      abandon(leaveA.order.orderId),
      abandon(leaveB.order.orderId),
      ...refused.map((shopper) => shopper.createOrder()),
    ]);
    const retried = retries.slice(6) as Awaited<ReturnType<Shopper['createOrder']>>[];
    const replaced = retried.filter((reply) => reply.statusCode === 200);
    for (const reply of retried.filter((reply) => reply.statusCode !== 200))
      expect(reply.statusCode).toBe(409);

    // Two units sold; of the four given back, no more were held again than there were.
    expect((await stockOf(PRODUCT)).stock).toBe(STOCK - 2);
    expect(replaced.length).toBeLessThanOrEqual(4);
    expect(await heldOf(PRODUCT)).toBe(replaced.length);
    await totalsMatchRows();

    // Every checkout still holding pays, and each finds its unit: a hold is a promise the stock keeps.
    for (const [index, reply] of retried.entries()) {
      if (reply.statusCode !== 200) continue;
      const orderId = await pay(refused[index] as Shopper, reply.json<{ id: string }>().id);
      expect(await openAttention(orderId)).toEqual([]);
    }
    expect((await stockOf(PRODUCT)).stock).toBe(STOCK - 2 - replaced.length);
    expect(await heldOf(PRODUCT)).toBe(0);
  });

  it('lets a new checkout commit without waiting for the disk, and nothing after it (docs/architecture.md#checkout-commit)', async () => {
    await setProduct(PRODUCT, { stock: 0 });
    const shopper = await newShopper(app, [{ id: PRODUCT, quantity: 1 }]);
    const setting = async (db: Database) => {
      const { rows } = (await db.execute(
        sql`select current_setting('synchronous_commit') as value`,
      )) as unknown as {
        rows: { value: string }[];
      };
      return rows[0]?.value;
    };
    await app.db.transaction(async (tx) => {
      const claimed = holdCartStock(
        tx,
        {
          id: randomUUID(),
          lines: [{ productId: PRODUCT, quantity: 1 }],
          expiresAt: new Date(),
          reusing: false,
        },
        undefined,
        { userId: shopper.userId, cartFingerprint: 'probe', couponId: undefined, reusableAfter: new Date() },
      );
      await expect(claimed).rejects.toThrow(stockMessages.outOfStock('Holds Mitt'));
      expect(await setting(tx)).toBe('off');
    });
    // Its transaction's alone: the next one (on PGlite, the same connection) waits for the disk again.
    expect(await setting(app.db)).toBe('on');
  });
});
