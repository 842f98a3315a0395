import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order, ShipmentEvent, ShipmentUpdates } from '../../../contracts/orders';
import { shipments } from '../../db/schema';
import { shippingDeps } from '../../flows/deps';
import { createShipmentForOrder } from '../../flows/fulfil-order';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { newShopper, placePaidOrder, type Shopper, shiprocketSimulatorOf } from '../../test/order-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000, jobWorkers: false });
});
afterAll(() => app.closeAndDrop());
beforeEach(() => simulator().reset());

const simulator = () => shiprocketSimulatorOf(app);

async function shippedOrder(shopper?: Shopper) {
  const owner = shopper ?? (await newShopper(app));
  const paid = await placePaidOrder(app, { shopper: owner });
  await createShipmentForOrder(shippingDeps(app), { orderId: paid.orderId });
  const [shipment] = await app.db.select().from(shipments).where(eq(shipments.orderId, paid.orderId));
  if (!shipment) throw new Error('the shipment job stored no shipment');
  return { owner, orderId: paid.orderId, shipment, simulatedId: Number(shipment.shiprocketShipmentId) };
}

const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string>) => app.inject({ method: 'POST', url, headers });

const trackingPaths = (orderId: string) => [
  ['GET', `/api/orders/track/${orderId}`],
  ['GET', `/api/orders/shipment-updates/${orderId}`],
  ['POST', `/api/orders/refresh-tracking/${orderId}`],
  ['POST', `/api/orders/check-shiprocket-updates/${orderId}`],
];

describe('order tracking endpoints', () => {
  it('give the docs/product.md#http-api shipment fields and the scan timeline, newest first', async () => {
    const { owner, orderId, shipment, simulatedId } = await shippedOrder();
    simulator().advance(simulatedId);
    simulator().advance(simulatedId);
    await simulator().webhooks.settled();

    for (const path of [`/api/orders/track/${orderId}`, `/api/orders/shipment-updates/${orderId}`]) {
      const response = await get(path, owner.headers);
      expect(response.statusCode, response.body).toBe(200);
      const updates = response.json<ShipmentUpdates>();
      expect(updates).toMatchObject({
        success: true,
        orderId,
        orderStatus: 'shipped',
        shiprocketOrderId: shipment.shiprocketOrderId,
        shiprocketShipmentId: shipment.shiprocketShipmentId,
        courierName: shipment.courierName,
        trackingNumber: shipment.awbCode,
        awbNumber: shipment.awbCode,
        trackingUrl: `${app.config.publicUrl}/sim/shipping/tracking/${shipment.awbCode}`,
        courierTrackingUrl: `${app.config.publicUrl}/sim/shipping/tracking/${shipment.awbCode}`,
        trackingStatus: 'PICKED UP',
        status: 'PICKED UP',
        shipmentStatus: 'PICKED UP',
        stage: 'picked_up',
        estimatedDelivery: expect.any(String),
        hasTracking: true,
        hasCourier: true,
        canTrack: true,
        error: null,
      });
      expect(updates.shipmentEvents.map((event) => [event.statusCode, event.status, event.activity])).toEqual(
        [
          [42, 'PICKED UP', 'In Transit - Shipment picked up'],
          [19, 'OUT FOR PICKUP', 'Manifested - Out for pickup'],
        ],
      );
      expect(updates.shipmentEvents[0]?.location).toBe('Delhi_Hub (Delhi)');
      expect(Number.isNaN(Date.parse(updates.shipmentEvents[0]?.date ?? ''))).toBe(false);
    }
  });

  it('shows an order whose shipment is not booked yet as having no courier, not as an error', async () => {
    const ravi = await newShopper(app);
    simulator().failApi('unavailable');
    const paid = await placePaidOrder(app, { shopper: ravi });
    const updates = (await get(`/api/orders/shipment-updates/${paid.orderId}`, ravi.headers)).json();
    const refreshed = await post(`/api/orders/refresh-tracking/${paid.orderId}`, ravi.headers);
    simulator().restoreApi();
    expect(updates).toMatchObject({
      orderStatus: 'confirmed',
      shiprocketOrderId: null,
      courierName: null,
      trackingNumber: null,
      hasCourier: false,
      hasTracking: false,
      canTrack: false,
      stage: null,
      shipmentEvents: [],
      error: null,
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toMatchObject({ hasCourier: false, error: null });
  });

  it('refresh-tracking and check-shiprocket-updates ask Shiprocket now, so lost webhooks do not matter', async () => {
    const { owner, orderId, simulatedId } = await shippedOrder();
    simulator().webhooks.hold();
    for (let step = 0; step < 3; step++) simulator().advance(simulatedId);

    const stored = (
      await get(`/api/orders/shipment-updates/${orderId}`, owner.headers)
    ).json<ShipmentUpdates>();
    expect(stored).toMatchObject({ orderStatus: 'processing', shipmentEvents: [] });

    const refreshed = await post(`/api/orders/refresh-tracking/${orderId}`, owner.headers);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json<ShipmentUpdates>()).toMatchObject({ orderStatus: 'shipped', status: 'SHIPPED' });
    expect(refreshed.json<ShipmentUpdates>().shipmentEvents).toHaveLength(3);

    simulator().advance(simulatedId);
    const checked = await post(`/api/orders/check-shiprocket-updates/${orderId}`, owner.headers);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json<ShipmentUpdates>()).toMatchObject({ status: 'IN TRANSIT', stage: 'in_transit' });
    expect(checked.json<ShipmentUpdates>().shipmentEvents).toHaveLength(4);

    // The held webhooks arrive after all: nothing is stored twice.
    simulator().webhooks.release();
    await simulator().webhooks.settled();
    const after = (await get(`/api/orders/track/${orderId}`, owner.headers)).json<ShipmentUpdates>();
    expect(after.shipmentEvents).toHaveLength(4);
  });

  it('keeps the stored details and says why when Shiprocket cannot be reached', async () => {
    const { owner, orderId, shipment } = await shippedOrder();
    simulator().failApi('server_error');
    const response = await post(`/api/orders/refresh-tracking/${orderId}`, owner.headers);
    simulator().restoreApi();
    expect(response.statusCode).toBe(200);
    expect(response.json<ShipmentUpdates>()).toMatchObject({
      trackingNumber: shipment.awbCode,
      status: 'PICKUP SCHEDULED',
      error: 'Tracking is temporarily unavailable. Please try again in a few minutes.',
    });
  });

  it('my-orders-with-shipment lists paid orders with their shipment and scans', async () => {
    const asha = await newShopper(app);
    const first = await shippedOrder(asha);
    simulator().advance(first.simulatedId);
    await simulator().webhooks.settled();
    simulator().failApi('unavailable');
    const second = await placePaidOrder(app, { shopper: asha, lines: [{ id: 3, quantity: 1 }] });
    simulator().restoreApi();

    const response = await get('/api/orders/my-orders-with-shipment', asha.headers);
    expect(response.statusCode, response.body).toBe(200);
    const { orders } = response.json<{ orders: (Order & { shipmentEvents: ShipmentEvent[] })[] }>();
    expect(orders.map((order) => order.orderId)).toEqual([second.orderId, first.orderId]);
    expect(orders[0]).toMatchObject({ status: 'confirmed', shipment: null, shipmentEvents: [] });
    expect(orders[1]).toMatchObject({
      status: 'processing',
      shipment: {
        trackingNumber: first.shipment.awbCode,
        stage: 'pickup_scheduled',
        hasCourier: true,
        pickupScheduledAt: expect.any(String),
      },
      shipmentEvents: [{ status: 'OUT FOR PICKUP', statusCode: 19 }],
    });
  });

  it("answers 404 'Order not found' for another shopper's order and for a malformed id, on every path", async () => {
    const { owner, orderId } = await shippedOrder();
    const stranger = await newShopper(app);
    for (const id of [orderId, 'not-an-order', '00000000-0000-4000-8000-000000000000', "1' or '1'='1"]) {
      for (const [method, url] of trackingPaths(encodeURIComponent(id))) {
        const response = await app.inject({
          method: method as 'GET' | 'POST',
          url,
          headers: stranger.headers,
        });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ message: 'Order not found' });
      }
    }
    const strangers = await get('/api/orders/my-orders-with-shipment', stranger.headers);
    expect(strangers.json()).toEqual({ orders: [] });
    // The owner still sees it.
    expect((await get(`/api/orders/track/${orderId}`, owner.headers)).statusCode).toBe(200);
  });

  it('needs a session on every path', async () => {
    const { orderId } = await shippedOrder();
    for (const [method, url] of [...trackingPaths(orderId), ['GET', '/api/orders/my-orders-with-shipment']]) {
      const response = await app.inject({ method: method as 'GET' | 'POST', url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('limits refreshes per shopper', async () => {
    const { owner, orderId } = await shippedOrder();
    const other = await shippedOrder();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      statuses.push((await post(`/api/orders/refresh-tracking/${orderId}`, owner.headers)).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another shopper (same IP) is not held back by it.
    const theirs = await post(`/api/orders/refresh-tracking/${other.orderId}`, other.owner.headers);
    expect(theirs.statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('describes the tracking, rate and webhook endpoints', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode, response.body).toBe(200);
    const document = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/orders/my-orders-with-shipment',
        '/api/orders/track/{id}',
        '/api/orders/shipment-updates/{id}',
        '/api/orders/refresh-tracking/{id}',
        '/api/orders/check-shiprocket-updates/{id}',
        '/api/shipping/rate',
        '/api/webhooks/courier',
      ]),
    );
  });
});
