import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, shipmentEvents, shipments } from '../db/schema';
import type { TrackingWebhookPayload } from '../providers/shiprocket/types';
import { SHIPPING_WEBHOOK_PATH } from '../providers/shiprocket/webhook';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { newShopper, placePaidOrder, shiprocketSimulatorOf } from '../test/order-helpers';
import { shippingDeps } from './deps';
import { createShipmentForOrder } from './fulfil-order';
import { pollStaleShipments } from './tracking';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000, jobWorkers: false });
});
afterAll(() => app.closeAndDrop());
beforeEach(async () => {
  simulator().reset();
  // The simulator has just forgotten every parcel, so polling must not go looking for earlier tests' ones.
  await app.db.delete(shipments);
});

const simulator = () => shiprocketSimulatorOf(app);

/** A paid order whose shipment job has run: booked, AWB assigned, pickup scheduled. */
async function shippedOrder() {
  const shopper = await newShopper(app);
  const paid = await placePaidOrder(app, { shopper: shopper });
  await createShipmentForOrder(shippingDeps(app), { orderId: paid.orderId });
  const [shipment] = await app.db.select().from(shipments).where(eq(shipments.orderId, paid.orderId));
  if (!shipment) throw new Error('the shipment job stored no shipment');
  return { shopper, orderId: paid.orderId, shipment, simulatedId: Number(shipment.shiprocketShipmentId) };
}

/** Moves the simulated parcel `steps` steps, and waits for the webhooks that sends (unless held). */
async function advance(simulatedId: number, steps: number) {
  for (let step = 0; step < steps; step++) simulator().advance(simulatedId);
  await simulator().webhooks.settled();
}

// The simulator's scans, in the order it makes them.
const SCAN_ORDER = [19, 42, 6, 18, 38, 17, 7];

/** The parcel's stored scans in the simulator's order (its scans share a second, so time cannot sort them). */
async function events(shipmentId: string) {
  const rows = await app.db
    .select({ status: shipmentEvents.status, code: shipmentEvents.statusCode })
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, shipmentId));
  return rows.sort((a, b) => SCAN_ORDER.indexOf(a.code ?? 0) - SCAN_ORDER.indexOf(b.code ?? 0));
}

async function state(orderId: string) {
  const [row] = await app.db
    .select({ status: orders.status, stage: shipments.stage, label: shipments.statusLabel })
    .from(orders)
    .innerJoin(shipments, eq(shipments.orderId, orders.id))
    .where(eq(orders.id, orderId));
  return row;
}

async function emailJobs(orderId: string): Promise<string[]> {
  const result = (await app.db.execute(
    sql`select data->>'kind' as kind from pgboss.job where name = 'order.email' and data->>'orderId' = ${orderId} order by created_on`,
  )) as unknown as { rows: { kind: string }[] };
  return result.rows.map((row) => row.kind);
}

function postWebhook(payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: SHIPPING_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  });
}

/** The webhook the simulator sent last for this order. */
function lastWebhookOf(orderId: string): TrackingWebhookPayload {
  const sent = simulator()
    .webhooks.sent()
    .filter((delivery) => delivery.payload.order_id === orderId);
  const last = sent.at(-1)?.payload;
  if (!last) throw new Error(`no webhook was sent for ${orderId}`);
  return last;
}

describe('the tracking webhook', () => {
  it('lives at /api/webhooks/courier, a URL Shiprocket accepts', () => {
    expect(SHIPPING_WEBHOOK_PATH).toBe('/api/webhooks/courier');
  });

  it('stores each scan and moves the order along: shipped, out for delivery, delivered, with their e-mails queued', async () => {
    const { shopper, orderId, shipment, simulatedId } = await shippedOrder();
    // docs/product.md#the-order-page: the order says when it was delivered, and nothing before that.
    const deliveredAt = async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/orders/${orderId}`,
        headers: shopper.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ order: { deliveredAt: string | null } }>().order.deliveredAt;
    };

    await advance(simulatedId, 3); // out for pickup, picked up, shipped
    expect(await state(orderId)).toEqual({ status: 'shipped', stage: 'in_transit', label: 'SHIPPED' });
    await advance(simulatedId, 3); // in transit, reached destination hub, out for delivery
    expect(await state(orderId)).toEqual({
      status: 'out_for_delivery',
      stage: 'out_for_delivery',
      label: 'OUT FOR DELIVERY',
    });
    expect(await deliveredAt()).toBeNull();
    const beforeDelivery = Date.now();
    await advance(simulatedId, 1);
    expect(await state(orderId)).toEqual({ status: 'delivered', stage: 'delivered', label: 'DELIVERED' });
    const delivered = Date.parse((await deliveredAt()) ?? '');
    expect(delivered).toBeGreaterThanOrEqual(beforeDelivery - 1000);
    expect(delivered).toBeLessThanOrEqual(Date.now());

    expect(await events(shipment.id)).toEqual([
      { status: 'OUT FOR PICKUP', code: 19 },
      { status: 'PICKED UP', code: 42 },
      { status: 'SHIPPED', code: 6 },
      { status: 'IN TRANSIT', code: 18 },
      { status: 'REACHED AT DESTINATION HUB', code: 38 },
      { status: 'OUT FOR DELIVERY', code: 17 },
      { status: 'DELIVERED', code: 7 },
    ]);
    expect(
      simulator()
        .webhooks.sent()
        .every((delivery) => delivery.statusCode === 200),
    ).toBe(true);
    expect(await emailJobs(orderId)).toEqual(['confirmed', 'shipped', 'out_for_delivery', 'delivered']);
  });

  it('refuses a webhook without the token, or with a wrong one, and changes nothing', async () => {
    const { orderId, shipment, simulatedId } = await shippedOrder();
    // Genuine webhooks, kept from the shop so that this test posts them itself.
    simulator().webhooks.setTarget('/api/no-such-endpoint');
    await advance(simulatedId, 3);
    const genuine = lastWebhookOf(orderId);
    const token = simulator().webhookToken;

    const refused: Record<string, string>[] = [
      {},
      { 'x-api-key': 'not-the-token' },
      { 'x-api-key': `${token}x` },
      { 'x-api-key': '' },
    ];
    for (const headers of refused) {
      const response = await postWebhook(genuine, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json().message).toBe('Invalid webhook token');
    }
    // Refused before the body is read: even one that is not JSON.
    const garbage = await app.inject({
      method: 'POST',
      url: SHIPPING_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(garbage.statusCode).toBe(401);

    expect(await events(shipment.id)).toEqual([]);
    expect(await state(orderId)).toMatchObject({ status: 'processing', stage: 'pickup_scheduled' });

    const accepted = await postWebhook(genuine, { 'x-api-key': token });
    expect(accepted.statusCode).toBe(200);
    expect(await events(shipment.id)).toHaveLength(3);
  });

  it('refuses every webhook while no token is configured', async () => {
    const { orderId, simulatedId } = await shippedOrder();
    simulator().webhooks.setTarget('/api/no-such-endpoint');
    await advance(simulatedId, 3);
    const genuine = lastWebhookOf(orderId);
    const configured = app.shiprocket.webhookToken;
    app.shiprocket.webhookToken = undefined;
    try {
      const response = await postWebhook(genuine, { 'x-api-key': simulator().webhookToken });
      expect(response.statusCode).toBe(401);
      expect((await state(orderId))?.stage).toBe('pickup_scheduled');
    } finally {
      app.shiprocket.webhookToken = configured;
    }
  });

  it('answers 200 with a valid token for an unknown parcel or an unreadable body, and stores nothing', async () => {
    const key = { 'x-api-key': simulator().webhookToken };
    const unknown = await postWebhook(
      {
        awb: '149000000000',
        order_id: 'not-our-order-id',
        sr_order_id: 12,
        shipment_status_id: 6,
        shipment_status: 'SHIPPED',
        scans: [],
      },
      key,
    );
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ status: 'ok', outcome: 'unknown_shipment' });

    const unreadable = await postWebhook({ scans: 'lots' }, key);
    expect(unreadable.statusCode).toBe(200);
    expect(unreadable.json()).toEqual({ status: 'ok', outcome: 'unreadable' });

    // Shiprocket's "test webhook" when the URL is saved carries a sample, not one of our parcels.
    const sample = await postWebhook({}, key);
    expect(sample.json()).toEqual({ status: 'ok', outcome: 'unknown_shipment' });
  });

  it('finds the parcel by our order id before it knows the AWB', async () => {
    const { orderId, shipment, simulatedId } = await shippedOrder();
    await app.db.update(shipments).set({ awbCode: null }).where(eq(shipments.id, shipment.id));
    await advance(simulatedId, 1);
    const [row] = await app.db.select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(row?.awbCode).toBe(shipment.awbCode);
    expect(await events(shipment.id)).toEqual([{ status: 'OUT FOR PICKUP', code: 19 }]);
    expect(lastWebhookOf(orderId).awb).toBe(shipment.awbCode);
  });
});

describe('tracking by polling, beside the webhook', () => {
  it('stores the scans whose webhooks were lost, and adds none twice when the webhooks arrive late, twice', async () => {
    const { orderId, shipment, simulatedId } = await shippedOrder();
    simulator().webhooks.hold();
    simulator().webhooks.duplicate(true);
    await advance(simulatedId, 4);

    const polled = await pollStaleShipments(shippingDeps(app), { staleAfterMinutes: 0 });
    expect(polled).toMatchObject({ newScans: 4, failed: 0 });
    expect(await state(orderId)).toMatchObject({
      status: 'shipped',
      stage: 'in_transit',
      label: 'IN TRANSIT',
    });

    simulator().webhooks.release();
    await simulator().webhooks.settled();
    expect(
      simulator()
        .webhooks.sent()
        .filter((delivery) => delivery.statusCode === 200),
    ).toHaveLength(8);
    expect(await events(shipment.id)).toEqual([
      { status: 'OUT FOR PICKUP', code: 19 },
      { status: 'PICKED UP', code: 42 },
      { status: 'SHIPPED', code: 6 },
      { status: 'IN TRANSIT', code: 18 },
    ]);

    // And the other way round: what webhooks brought, a poll does not add again.
    simulator().webhooks.duplicate(false);
    await advance(simulatedId, 2);
    const again = await pollStaleShipments(shippingDeps(app), { staleAfterMinutes: 0 });
    expect(again.newScans).toBe(0);
    expect(await events(shipment.id)).toHaveLength(6);
    expect(await state(orderId)).toMatchObject({ status: 'out_for_delivery' });
    const [row] = await app.db.select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(row?.trackingUrl).toBe(`${app.config.publicUrl}/sim/shipping/tracking/${shipment.awbCode}`);
    expect(row?.estimatedDelivery).toBeInstanceOf(Date);
  });

  it('leaves parcels tracked recently, and delivered ones, alone', async () => {
    const { shipment, simulatedId } = await shippedOrder();
    simulator().webhooks.hold();
    await advance(simulatedId, 1);
    await app.db
      .update(shipments)
      .set({ lastTrackedAt: sql`now() - interval '5 minutes'` })
      .where(eq(shipments.id, shipment.id));
    await pollStaleShipments(shippingDeps(app), { staleAfterMinutes: 10 });
    expect(await events(shipment.id)).toEqual([]);

    await app.db
      .update(shipments)
      .set({ lastTrackedAt: sql`now() - interval '11 minutes'` })
      .where(eq(shipments.id, shipment.id));
    await pollStaleShipments(shippingDeps(app), { staleAfterMinutes: 10 });
    expect(await events(shipment.id)).toHaveLength(1);

    await app.db
      .update(shipments)
      .set({ stage: 'delivered', lastTrackedAt: null })
      .where(and(eq(shipments.id, shipment.id)));
    await advance(simulatedId, 1);
    await pollStaleShipments(shippingDeps(app), { staleAfterMinutes: 0 });
    expect(await events(shipment.id)).toHaveLength(1);
  });

  it('keeps what it has and stops early while Shiprocket is down', async () => {
    const first = await shippedOrder();
    await shippedOrder();
    simulator().failApi('server_error');
    const outcome = await pollStaleShipments(shippingDeps(app), { staleAfterMinutes: 0 });
    simulator().restoreApi();
    expect(outcome).toMatchObject({ polled: 0, failed: 1 });
    expect((await state(first.orderId))?.stage).toBe('pickup_scheduled');
  });
});
