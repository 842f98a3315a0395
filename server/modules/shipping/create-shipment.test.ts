import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders';
import { orders, shipments, statusHistory, users } from '../../db/schema';
import { injectFetch } from '../../providers/inject-fetch';
import { createShiprocketClient } from '../../providers/shiprocket/client';
import type { AdhocOrderInput } from '../../providers/shiprocket/types';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { newShopper, placePaidOrder } from '../../test/order-helpers';
import { createShipmentForOrder } from './create-shipment';
import { type ShippingDeps, shippingDeps } from './shipping-deps';

let app: TestApp;
beforeAll(async () => {
  // The tests run the job's handler themselves, as pg-boss would, retries included.
  app = await buildTestApp({ authRateLimitMax: 1000, jobWorkers: false });
});
afterAll(() => app.closeAndDrop());
beforeEach(() => simulator().reset());

function simulator() {
  const simulated = app.shiprocketSimulator;
  if (!simulated) throw new Error('these tests run against the Shiprocket simulator');
  return simulated;
}

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

async function orderView(headers: Record<string, string>, orderId: string): Promise<Order> {
  const response = await app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ order: Order }>().order;
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
    // The catalogue's weights: Face Mitt 200 g, the others 500 g a unit (spec §9's 0.5 kg default).
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
    const far = await newShopper(app);
    await app.db.update(users).set({ pincode: '990001' }).where(eq(users.id, far.userId));
    const paid = await placePaidOrder(app, { shopper: far });
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
    expect(calls).toEqual([]);
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
});
