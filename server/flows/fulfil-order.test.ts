import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../contracts/orders';
import { orders, shipments, statusHistory } from '../db/schema';
import { jobQueues } from '../job-queues';
import { injectFetch } from '../providers/inject-fetch';
import { createShiprocketClient, ShiprocketError } from '../providers/shiprocket/client';
import type { AdhocOrderInput, CourierOption } from '../providers/shiprocket/types';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { newShopper, placePaidOrder, queuedJobs, shiprocketSimulatorOf } from '../test/order-helpers';
import { type ShippingDeps, shippingDeps } from './deps';
import { type CreateShipmentJob, createShipmentForOrder, requeueUnshippedOrders } from './fulfil-order';

let app: TestApp;
beforeAll(async () => {
  // The tests run the job's handler themselves, as pg-boss would, retries included.
  app = await buildTestApp({ authRateLimitMax: 1000, jobWorkers: false });
});
afterAll(() => app.closeAndDrop());
beforeEach(() => simulator().reset());

const simulator = () => shiprocketSimulatorOf(app);

/** The app's shipping dependencies over a client that records every Shiprocket call it makes. */
function recordingDeps() {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchApp = injectFetch(app);
  const client = createShiprocketClient({
    baseUrl: `http://simulator.local${simulator().baseUrl}`,
    email: simulator().email,
    password: simulator().password,
    retryDelayMs: 1,
    fetch: (input, init) => {
      const path = new URL(String(input)).pathname.replace(simulator().baseUrl, '');
      if (path !== '/auth/login') {
        const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
        calls.push({ method: init?.method ?? 'GET', path, body });
      }
      return fetchApp(input, init);
    },
  });
  const deps: ShippingDeps = { ...shippingDeps(app), shiprocket: { ...app.shiprocket, client } };
  return { deps, calls };
}

async function shipmentRows(orderId: string) {
  return app.db.select().from(shipments).where(eq(shipments.orderId, orderId));
}

/** Shiprocket's own orders for our order id (its order list, searched as the client does). */
async function shiprocketOrdersOf(orderId: string) {
  const listed = await app.shiprocket.client.findOrder(orderId);
  const all = await app.inject({
    method: 'GET',
    url: `${simulator().baseUrl}/orders?search=${orderId}`,
    headers: { authorization: `Bearer ${await loginToken()}` },
  });
  return { listed, count: all.json<{ data: unknown[] }>().data.length };
}

async function loginToken(): Promise<string> {
  const reply = await app.inject({
    method: 'POST',
    url: `${simulator().baseUrl}/auth/login`,
    payload: { email: simulator().email, password: simulator().password },
  });
  return reply.json<{ token: string }>().token;
}

const DAY_MS = 86_400_000;

/** The start, in India, of the day `days` after `from`: the day a courier's quote names. */
function istDayStart(from: Date, days: number): Date {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(
    new Date(from.getTime() + days * DAY_MS),
  );
  return new Date(`${day}T00:00:00+05:30`);
}

/** The app's shipping dependencies with every courier quote rewritten by `change`. */
function depsWithQuotes(change: (quote: CourierOption) => CourierOption): ShippingDeps {
  const deps = shippingDeps(app);
  const client = deps.shiprocket.client;
  return {
    ...deps,
    shiprocket: {
      ...deps.shiprocket,
      client: {
        ...client,
        checkServiceability: async (query) => {
          const reply = await client.checkServiceability(query);
          const couriers = reply.data.available_courier_companies.map(change);
          return { ...reply, data: { ...reply.data, available_courier_companies: couriers } };
        },
      },
    },
  };
}

async function orderView(headers: Record<string, string>, orderId: string): Promise<Order> {
  const response = await app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ order: Order }>().order;
}

/**
 * Checkout refuses a pincode no courier serves (docs/product.md#delivery-promise), so the order is paid to a
 * served one and the couriers stop serving its address before the parcel is booked.
 */
async function paidOrderToUnservedPincode() {
  const paid = await placePaidOrder(app);
  const [order] = await app.db.select().from(orders).where(eq(orders.id, paid.orderId));
  if (!order) throw new Error('the paid order is missing');
  await app.db
    .update(orders)
    .set({ shippingAddress: { ...order.shippingAddress, pincode: '990001' } })
    .where(eq(orders.id, paid.orderId));
  return paid;
}

describe('the shipment job', () => {
  it('books the paid order with our id, its address, items and weight, the recommended courier and a pickup', async () => {
    const asha = await newShopper(app);
    const paid = await placePaidOrder(app, {
      shopper: asha,
      lines: [
        { id: 1, quantity: 1 },
        { id: 2, quantity: 2 },
      ],
    });
    const { deps, calls } = recordingDeps();

    await createShipmentForOrder(deps, { orderId: paid.orderId });

    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /orders/create/adhoc',
      'GET /courier/serviceability/',
      'POST /courier/assign/awb',
      'POST /courier/generate/pickup',
    ]);
    const adhoc = calls[0]?.body as AdhocOrderInput;
    expect(adhoc).toMatchObject({
      order_id: paid.orderId,
      pickup_location: 'Primary',
      billing_customer_name: 'Asha',
      billing_last_name: 'Rao',
      billing_address: 'Flat 4B, Lotus Residency, MG Road',
      billing_city: 'Bengaluru',
      billing_pincode: '560001',
      billing_state: 'Karnataka',
      billing_country: 'India',
      billing_email: asha.email,
      shipping_is_billing: true,
      payment_method: 'Prepaid',
      order_items: [
        { name: 'Face Mitt', sku: expect.any(String), units: 1, selling_price: 239 },
        { name: 'For Normal Skin', sku: expect.any(String), units: 2, selling_price: 569 },
      ],
      sub_total: 239 + 2 * 569,
      shipping_charges: 0,
    });
    // The catalogue's weights: Face Mitt 200 g, the others 500 g a unit (the 0.5 kg default of docs/product.md#shipping).
    expect(adhoc.weight).toBeCloseTo(0.2 + 2 * 0.5);
    expect(adhoc.order_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    const serviceability = await app.shiprocket.client.checkServiceability({
      pickupPostcode: '110001',
      deliveryPostcode: '560001',
      weightKg: adhoc.weight,
      cod: false,
    });
    const recommended = serviceability.data.recommended_courier_company_id;
    expect(calls[2]?.body).toMatchObject({ courier_id: recommended });

    const [row] = await shipmentRows(paid.orderId);
    const { listed, count } = await shiprocketOrdersOf(paid.orderId);
    expect(count).toBe(1);
    expect(row).toMatchObject({
      shiprocketOrderId: String(listed?.id),
      shiprocketShipmentId: String(listed?.shipments[0]?.id),
      awbCode: listed?.shipments[0]?.awb,
      courierName: listed?.shipments[0]?.courier,
      courierCompanyId: recommended,
      stage: 'pickup_scheduled',
      statusCode: 4,
      statusLabel: 'PICKUP SCHEDULED',
    });
    expect(row?.pickupScheduledAt).toBeInstanceOf(Date);

    const order = await orderView(asha.headers, paid.orderId);
    expect(order.status).toBe('processing');
    expect(order.shipment).toMatchObject({
      courierName: listed?.shipments[0]?.courier,
      trackingNumber: row?.awbCode,
      trackingUrl: `${app.config.publicUrl}/sim/shipping/tracking/${row?.awbCode}`,
      hasCourier: true,
      hasTracking: true,
      canTrack: true,
      stage: 'pickup_scheduled',
    });
    const history = await app.db
      .select({ from: statusHistory.fromValue, to: statusHistory.toValue, source: statusHistory.source })
      .from(statusHistory)
      .where(eq(statusHistory.entityId, paid.orderId));
    expect(history).toContainEqual({ from: 'confirmed', to: 'processing', source: 'system' });
  });

  it('gives an order paid while Shiprocket fails its shipment once Shiprocket recovers, exactly once', async () => {
    const ravi = await newShopper(app);
    simulator().failApi('unavailable');
    const paid = await placePaidOrder(app, { shopper: ravi });

    // Each failed run is a pg-boss retry: the handler throws, nothing is stored.
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(
        createShipmentForOrder(shippingDeps(app), { orderId: paid.orderId }),
      ).rejects.toMatchObject({
        kind: 'unavailable',
      });
    }
    expect(await shipmentRows(paid.orderId)).toEqual([]);
    const waiting = await orderView(ravi.headers, paid.orderId);
    expect(waiting).toMatchObject({ status: 'confirmed', shipment: null });

    simulator().restoreApi();
    await createShipmentForOrder(shippingDeps(app), { orderId: paid.orderId });
    // A duplicate delivery of the job, after it succeeded, changes nothing.
    await createShipmentForOrder(shippingDeps(app), { orderId: paid.orderId });

    const rows = await shipmentRows(paid.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ stage: 'pickup_scheduled', awbCode: expect.any(String) });
    expect((await shiprocketOrdersOf(paid.orderId)).count).toBe(1);
    expect((await orderView(ravi.headers, paid.orderId)).shipment?.hasCourier).toBe(true);
  });

  it('finds the Shiprocket order again when a crash lost it after the create, and makes no second one', async () => {
    const meera = await newShopper(app);
    const paid = await placePaidOrder(app, { shopper: meera });
    await createShipmentForOrder(shippingDeps(app), { orderId: paid.orderId });
    const [first] = await shipmentRows(paid.orderId);
    // As if the process died after Shiprocket made the order but before our row committed.
    await app.db.delete(shipments).where(eq(shipments.orderId, paid.orderId));

    const { deps, calls } = recordingDeps();
    await createShipmentForOrder(deps, { orderId: paid.orderId });

    const rows = await shipmentRows(paid.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      shiprocketOrderId: first?.shiprocketOrderId,
      shiprocketShipmentId: first?.shiprocketShipmentId,
      awbCode: first?.awbCode,
      stage: 'pickup_scheduled',
    });
    expect((await shiprocketOrdersOf(paid.orderId)).count).toBe(1);
    expect(calls.filter((call) => call.path === '/courier/assign/awb')).toEqual([]);
  });

  it('keeps the AWB Shiprocket already gave when the reply was lost, and takes "already in pickup queue" as done', async () => {
    const kiran = await newShopper(app);
    const paid = await placePaidOrder(app, { shopper: kiran });
    await createShipmentForOrder(shippingDeps(app), { orderId: paid.orderId });
    const [before] = await shipmentRows(paid.orderId);
    // As if the AWB and pickup replies never reached us.
    await app.db
      .update(shipments)
      .set({ awbCode: null, courierName: null, stage: 'created', pickupScheduledAt: null })
      .where(eq(shipments.orderId, paid.orderId));

    await createShipmentForOrder(shippingDeps(app), { orderId: paid.orderId });

    const [after] = await shipmentRows(paid.orderId);
    expect(after).toMatchObject({
      awbCode: before?.awbCode,
      courierName: before?.courierName,
      stage: 'pickup_scheduled',
    });
    expect((await shiprocketOrdersOf(paid.orderId)).listed?.shipments[0]?.awb).toBe(before?.awbCode);
  });

  it('books the shipment but shows "no courier yet" while no courier serves the address', async () => {
    const paid = await paidOrderToUnservedPincode();
    const far = paid.shopper;
    await expect(createShipmentForOrder(shippingDeps(app), { orderId: paid.orderId })).rejects.toThrow(
      'No courier serves pincode 990001',
    );
    const order = await orderView(far.headers, paid.orderId);
    expect(order.status).toBe('processing');
    expect(order.shipment).toMatchObject({
      courierName: null,
      trackingNumber: null,
      hasCourier: false,
      hasTracking: false,
      canTrack: false,
      stage: 'created',
    });
  });

  it('ships nothing for a cancelled order or an unknown one', async () => {
    const asha = await newShopper(app);
    const paid = await placePaidOrder(app, { shopper: asha });
    await app.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, paid.orderId));
    const { deps, calls } = recordingDeps();
    await createShipmentForOrder(deps, { orderId: paid.orderId });
    await createShipmentForOrder(deps, { orderId: '00000000-0000-4000-8000-000000000000' });
    // Only a look for a parcel a cancelled run may have left at Shiprocket: none, so nothing is cancelled.
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /orders']);
    expect(await shipmentRows(paid.orderId)).toEqual([]);
  });

  it('stores no shipment, and cancels the parcel again, for an order cancelled while Shiprocket booked it', async () => {
    const asha = await newShopper(app);
    const paid = await placePaidOrder(app, { shopper: asha });
    const { deps, calls } = recordingDeps();
    const client = deps.shiprocket.client;
    // The shopper's cancel commits between the job's first look at the order and its booking transaction.
    const racing: ShippingDeps = {
      ...deps,
      shiprocket: {
        ...deps.shiprocket,
        client: {
          ...client,
          createAdhocOrder: async (input: AdhocOrderInput) => {
            const created = await client.createAdhocOrder(input);
            await app.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, paid.orderId));
            return created;
          },
        },
      },
    };
    await createShipmentForOrder(racing, { orderId: paid.orderId });
    expect(await shipmentRows(paid.orderId)).toEqual([]);
    expect(calls.map((call) => call.path)).toEqual(['/orders/create/adhoc', '/orders/cancel']);
    expect((await shiprocketOrdersOf(paid.orderId)).listed?.status).toBe('CANCELLED');
  });

  it("cancels on the job's retry the parcel of an order cancelled while booked, when the first cancel failed", async () => {
    const asha = await newShopper(app);
    const paid = await placePaidOrder(app, { shopper: asha });
    const { deps, calls } = recordingDeps();
    const client = deps.shiprocket.client;
    let cancelFailures = 1;
    const racing: ShippingDeps = {
      ...deps,
      shiprocket: {
        ...deps.shiprocket,
        client: {
          ...client,
          createAdhocOrder: async (input: AdhocOrderInput) => {
            const created = await client.createAdhocOrder(input);
            await app.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, paid.orderId));
            return created;
          },
          cancelOrders: async (ids: number[]) => {
            if (cancelFailures-- > 0) throw new ShiprocketError('unavailable', 'Shiprocket is down');
            return client.cancelOrders(ids);
          },
        },
      },
    };

    // The first run books, finds the order cancelled, fails to cancel the parcel and throws: pg-boss retries.
    await expect(createShipmentForOrder(racing, { orderId: paid.orderId })).rejects.toMatchObject({
      kind: 'unavailable',
    });
    expect((await shiprocketOrdersOf(paid.orderId)).listed?.status).not.toBe('CANCELLED');

    // The retry finds the order cancelled and no shipment row, and cancels the live Shiprocket order.
    await createShipmentForOrder(racing, { orderId: paid.orderId });
    const after = await shiprocketOrdersOf(paid.orderId);
    expect(after).toMatchObject({ count: 1, listed: { status: 'CANCELLED' } });
    expect(await shipmentRows(paid.orderId)).toEqual([]);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /orders/create/adhoc',
      'GET /orders',
      'POST /orders/cancel',
    ]);

    // A further delivery of the job finds the parcel cancelled and cancels nothing again.
    await createShipmentForOrder(racing, { orderId: paid.orderId });
    expect(calls.filter((call) => call.path === '/orders/cancel')).toHaveLength(1);
  });
});

describe("the shipment's estimated delivery", () => {
  it("is the chosen courier's quoted day from booking, until the courier's own edd replaces it", async () => {
    const asha = await newShopper(app);
    const paid = await placePaidOrder(app, { shopper: asha });
    const { data } = await app.shiprocket.client.checkServiceability({
      pickupPostcode: '110001',
      deliveryPostcode: '560001',
      weightKg: 0.2,
      cod: false,
    });
    const quote = data.available_courier_companies.find(
      (courier) => courier.courier_company_id === data.recommended_courier_company_id,
    );
    const days = Number(quote?.estimated_delivery_days);
    const booked = new Date();
    const quotedDay = istDayStart(booked, days);
    // The quote names that day as Shiprocket writes it ("Jul 01, 2024").
    const named = quotedDay.toLocaleDateString('en-US', {
      timeZone: 'Asia/Kolkata',
      month: 'short',
      day: '2-digit',
      year: 'numeric',
    });
    expect(quote?.etd).toBe(named);

    await createShipmentForOrder(shippingDeps(app), { orderId: paid.orderId });

    const [row] = await shipmentRows(paid.orderId);
    expect(row).toMatchObject({ stage: 'pickup_scheduled', estimatedDelivery: quotedDay });
    const order = await orderView(asha.headers, paid.orderId);
    expect(order.shipment?.estimatedDelivery).toBe(quotedDay.toISOString());
    const tracked = await app.inject({
      method: 'GET',
      url: `/api/orders/track/${paid.orderId}`,
      headers: asha.headers,
    });
    expect(tracked.json().estimatedDelivery).toBe(quotedDay.toISOString());

    // The first scan's webhook carries the courier's edd: the hour the simulated courier promised.
    simulator().advance(Number(row?.shiprocketShipmentId));
    await simulator().webhooks.settled();
    const [scanned] = await shipmentRows(paid.orderId);
    const promised = scanned?.estimatedDelivery?.getTime() ?? 0;
    expect(promised).toBeGreaterThanOrEqual(booked.getTime() + days * DAY_MS - 1000);
    expect(promised).toBeLessThanOrEqual(Date.now() + days * DAY_MS);
  });

  it('counts the quoted delivery days from today when the etd is not a day that exists', async () => {
    const paid = await placePaidOrder(app);
    const deps = depsWithQuotes((quote) => ({ ...quote, etd: 'Feb 30, 2027', estimated_delivery_days: '4' }));
    const booked = new Date();
    await createShipmentForOrder(deps, { orderId: paid.orderId });
    const [row] = await shipmentRows(paid.orderId);
    expect(row?.estimatedDelivery).toEqual(istDayStart(booked, 4));
  });

  it('stays unknown when the quote gives neither', async () => {
    const paid = await placePaidOrder(app);
    const deps = depsWithQuotes((quote) => ({ ...quote, etd: '', estimated_delivery_days: '' }));
    await createShipmentForOrder(deps, { orderId: paid.orderId });
    const [row] = await shipmentRows(paid.orderId);
    expect(row).toMatchObject({ stage: 'pickup_scheduled', estimatedDelivery: null });
  });
});

describe('the sweep for shipment jobs that gave up', () => {
  async function paidMinutesAgo(orderId: string, minutes: number) {
    await app.db
      .update(orders)
      .set({ paidAt: sql`now() - make_interval(mins => ${minutes}::int)` })
      .where(eq(orders.id, orderId));
  }

  /** As when pg-boss failed the job for good and its rows were archived away. */
  async function dropShipmentJobs(orderId: string) {
    await app.db.execute(
      sql`delete from pgboss.job where name = ${jobQueues.createShipment} and data->>'orderId' = ${orderId}`,
    );
  }

  const shipmentJobs = (orderId: string) =>
    queuedJobs<CreateShipmentJob>(app, jobQueues.createShipment, orderId);

  it('queues the job again for a paid order left without its parcel, once however often it sweeps', async () => {
    simulator().failApi('unavailable');
    const lost = await placePaidOrder(app);
    const recent = await placePaidOrder(app);
    const cancelled = await placePaidOrder(app);
    simulator().restoreApi();
    // Booked, but no courier serves the address: stuck before its pickup.
    const stalled = await paidOrderToUnservedPincode();
    await expect(createShipmentForOrder(shippingDeps(app), { orderId: stalled.orderId })).rejects.toThrow(
      'No courier serves pincode 990001',
    );
    await app.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.orderId));
    for (const order of [lost, cancelled, stalled]) await paidMinutesAgo(order.orderId, 31);

    // The jobs queued at payment are still retrying: nothing more is queued.
    expect(await requeueUnshippedOrders(shippingDeps(app))).toBe(0);
    expect(await shipmentJobs(lost.orderId)).toHaveLength(1);

    for (const order of [lost, recent, cancelled, stalled]) await dropShipmentJobs(order.orderId);
    const sweeps = await Promise.all([
      requeueUnshippedOrders(shippingDeps(app)),
      requeueUnshippedOrders(shippingDeps(app)),
    ]);
    expect(sweeps[0] + sweeps[1]).toBe(2);
    expect(await requeueUnshippedOrders(shippingDeps(app))).toBe(0);

    const [job, ...more] = await shipmentJobs(lost.orderId);
    expect(job).toMatchObject({ data: { orderId: lost.orderId }, state: 'created', delayed: false });
    expect(more).toEqual([]);
    expect(await shipmentJobs(stalled.orderId)).toHaveLength(1);
    // Paid a minute ago, its job may still be on its way; cancelled, it needs none.
    expect(await shipmentJobs(recent.orderId)).toEqual([]);
    expect(await shipmentJobs(cancelled.orderId)).toEqual([]);

    await createShipmentForOrder(shippingDeps(app), job?.data ?? { orderId: '' });
    expect(await shipmentRows(lost.orderId)).toMatchObject([
      { stage: 'pickup_scheduled', awbCode: expect.any(String) },
    ]);
    expect((await shiprocketOrdersOf(lost.orderId)).count).toBe(1);
    // Done, the job leaves the queue: a booked parcel is never queued again.
    await dropShipmentJobs(lost.orderId);
    await requeueUnshippedOrders(shippingDeps(app));
    expect(await shipmentJobs(lost.orderId)).toEqual([]);
  });
});
