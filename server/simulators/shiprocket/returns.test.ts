import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { simulatedShiprocketShipments } from '../../db/schema';
import { injectFetch } from '../../providers/inject-fetch';
import { createShiprocketClient, ShiprocketError } from '../../providers/shiprocket/client';
import {
  isReturnException,
  isReturnTracking,
  type ReturnBooking,
  returnOrderId,
  returnOrderInput,
  returnStageOf,
} from '../../providers/shiprocket/returns';
import type { TrackingWebhookPayload } from '../../providers/shiprocket/types';
import { buildSimulatorApp, type SimulatorApp } from '../../test/simulator-app';
import shiprocketSimulator, { type ShiprocketSimulator } from './plugin';

// docs/architecture.md#shiprocket-returns: reverse pickups through our Shiprocket adapter, against the simulator.

let app: SimulatorApp;
const webhooks: TrackingWebhookPayload[] = [];
const WEBHOOK_PATH = '/test/return-tracking';

beforeAll(async () => {
  app = await buildSimulatorApp(shiprocketSimulator);
  app.post(WEBHOOK_PATH, async (request) => {
    webhooks.push(request.body as TrackingWebhookPayload);
    return { ok: true };
  });
});
afterAll(() => app.close());
beforeEach(() => {
  simulator().reset();
  simulator().webhooks.setTarget(WEBHOOK_PATH);
  webhooks.length = 0;
});

function simulator(of: SimulatorApp = app): ShiprocketSimulator {
  const simulated = of.shiprocketSimulator;
  if (!simulated) throw new Error('these tests run against the Shiprocket simulator');
  return simulated;
}

function clientOf(of: SimulatorApp = app, calls: string[] = []) {
  const fetchApp = injectFetch(of);
  return createShiprocketClient({
    baseUrl: `http://simulator.local${simulator(of).baseUrl}`,
    email: simulator(of).email,
    password: simulator(of).password,
    retryDelayMs: 1,
    fetch: (input, init) => {
      calls.push(
        `${init?.method ?? 'GET'} ${new URL(String(input)).pathname.replace(simulator(of).baseUrl, '')}`,
      );
      return fetchApp(input, init);
    },
  });
}

function booking(overrides: Partial<ReturnBooking> = {}): ReturnBooking {
  return {
    returnId: randomUUID(),
    requestedAt: new Date('2024-07-03T09:30:00Z'),
    reason: 'damaged_in_transit',
    shopper: {
      name: 'Priya Sharma',
      address: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
      phone: '9876543210',
      email: 'priya@example.in',
    },
    brand: {
      name: 'Ottoman Mittens',
      address: '4 Okhla Phase II',
      city: 'New Delhi',
      state: 'Delhi',
      pincode: '110020',
      phone: '9811122233',
    },
    items: [{ name: 'Luxury Mitten', sku: 'OM-4', units: 2, valuePaise: 116_467, hsn: '6116' }],
    parcel: { lengthCm: 20, breadthCm: 15, heightCm: 3, weightKg: 0.5 },
    ...overrides,
  };
}

/** Books a return and moves it `steps` times; the webhooks go to this file's endpoint. */
async function bookedReturn(steps = 0, overrides: Partial<ReturnBooking> = {}) {
  const client = clientOf();
  const input = returnOrderInput(booking(overrides));
  const booked = await client.bookReturnPickup(input);
  for (let step = 0; step < steps; step++) simulator().advance(booked.shipmentId);
  return { client, input, booked };
}

const stagesOfWebhooks = (awb: string) =>
  webhooks
    .filter((payload) => payload.awb === awb)
    .map((payload) => [payload.shipment_status, returnStageOf({ label: payload.shipment_status })]);

describe('the return order booking', () => {
  it('sends the shopper as pickup and the brand as delivery, with the items at what was paid', () => {
    const input = returnOrderInput(booking({ returnId: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11' }));
    expect(input).toMatchObject({
      order_id: 'RET-a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
      order_date: '2024-07-03 15:00',
      pickup_customer_name: 'Priya Sharma',
      pickup_pincode: '560001',
      pickup_email: 'priya@example.in',
      shipping_customer_name: 'Ottoman Mittens',
      shipping_pincode: '110020',
      payment_method: 'PREPAID',
      sub_total: 1164.67,
      order_items: [
        { sku: 'OM-4', units: 2, selling_price: 582.34, qc_enable: false, return_reason: '29', hsn: '6116' },
      ],
    });
    expect(() => returnOrderInput(booking({ items: [] }))).toThrow('at least one item');
    expect(() =>
      returnOrderInput(booking({ items: [{ name: 'M', sku: 'M', units: 1, valuePaise: 10.5 }] })),
    ).toThrow(RangeError);
  });

  it('books a reverse pickup: RETURN PENDING, then an AWB that schedules the pickup', async () => {
    const calls: string[] = [];
    const client = clientOf(app, calls);
    const input = returnOrderInput(booking());
    const created = await client.createReturnOrder(input);
    expect(created).toEqual({
      order_id: expect.any(Number),
      shipment_id: expect.any(Number),
      status: 'RETURN PENDING',
      status_code: 21,
      company_name: expect.any(String),
      alreadyExisted: false,
      awbCode: null,
    });
    const booked = await client.bookReturnPickup(input);
    expect(booked).toEqual({
      shiprocketOrderId: created.order_id,
      shipmentId: created.shipment_id,
      awbCode: expect.stringMatching(/^\d{11,14}$/),
      courierName: expect.any(String),
      courierCompanyId: expect.any(Number),
      pickupScheduledDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      alreadyExisted: true,
    });
    expect(calls.filter((call) => call === 'POST /courier/assign/awb')).toHaveLength(1);
    // Booked again: found with its AWB, nothing assigned twice.
    expect(await client.bookReturnPickup(input)).toMatchObject({
      awbCode: booked.awbCode,
      alreadyExisted: true,
    });
    expect(calls.filter((call) => call === 'POST /courier/assign/awb')).toHaveLength(1);
    expect(await client.findReturnOrder(input.order_id)).toMatchObject({
      status: 'RETURN PICKUP GENERATED',
      status_code: 28,
      shipment_id: created.shipment_id,
      shipments: [{ awb: booked.awbCode }],
    });
    // A forward order's search does not list it; its own tracking has no scan yet.
    expect(await client.findOrder(input.order_id)).toBeUndefined();
    expect((await client.trackAwb(booked.awbCode)).tracking_data.track_status).toBe(0);
    // The pickup is already scheduled: asking again is refused the way Shiprocket refuses a second request.
    await expect(client.generatePickup(booked.shipmentId)).rejects.toMatchObject({
      status: 400,
      message: 'Already in Pickup Queue.',
    });
  });

  it('is retried after the AWB call fails, without a second return order', async () => {
    const client = clientOf();
    await client.trackAwb('0').catch(() => undefined);
    await app.inject({
      method: 'POST',
      url: '/sim/shipping/control/faults',
      payload: { kind: 'error', endpoint: '/courier/assign/awb', count: 1 },
    });
    try {
      const input = returnOrderInput(booking());
      const failed = await client.bookReturnPickup(input).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(ShiprocketError);
      expect(failed).toMatchObject({ kind: 'unavailable', status: 503 });
      const booked = await client.bookReturnPickup(input);
      expect(booked).toMatchObject({ alreadyExisted: true, awbCode: expect.any(String) });
      const listed = await app.inject({
        method: 'GET',
        url: '/sim/shipping/orders/processing/return?per_page=100',
        headers: { authorization: `Bearer ${await loginToken()}` },
      });
      const ids = listed
        .json<{ data: { channel_order_id: string }[] }>()
        .data.map((order) => order.channel_order_id);
      expect(ids.filter((id) => id === input.order_id)).toHaveLength(1);
    } finally {
      await app.inject({ method: 'DELETE', url: '/sim/shipping/control/faults' });
    }
  });

  it('is validated like the real API, naming each field', async () => {
    const client = clientOf();
    const { pickup_email: _email, shipping_phone: _phone, ...input } = returnOrderInput(booking());
    const error = await client
      .createReturnOrder({ ...input, payment_method: 'COD' } as never)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'rejected', status: 422, message: 'Oops! Invalid Data.' });
    expect((error as ShiprocketError).fieldErrors).toEqual({
      pickup_email: ['The pickup email field is required.'],
      shipping_phone: ['The shipping phone field is required.'],
      payment_method: ['The selected payment method is invalid.'],
    });
  });
});

async function loginToken(): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/sim/shipping/auth/login',
    payload: { email: simulator().email, password: simulator().password },
  });
  return login.json<{ token: string }>().token;
}

describe('a return parcel on its way back', () => {
  it('is picked up, carried and delivered to the brand, tracked like any parcel with is_return', async () => {
    const { client, booked, input } = await bookedReturn();
    const moves = [1, 2, 3, 4, 5].flatMap(() => simulator().advance(booked.shipmentId));
    expect(moves.map((move) => move.status)).toEqual([
      'RETURN OUT FOR PICKUP',
      'RETURN PICKED UP',
      'RETURN IN TRANSIT',
      'RETURN OUT FOR DELIVERY',
      'RETURN DELIVERED',
    ]);
    expect(simulator().advance(booked.shipmentId)).toEqual([]);
    const tracking = await client.trackAwb(booked.awbCode);
    if (tracking.tracking_data.track_status !== 1) throw new Error('the parcel has scans');
    expect(tracking.tracking_data).toMatchObject({
      shipment_status: 26,
      shipment_track: [{ current_status: 'RETURN DELIVERED', destination: 'New Delhi' }],
    });
    expect(tracking.tracking_data.shipment_track[0]?.pickup_date).toEqual(expect.any(String));
    expect(tracking.tracking_data.shipment_track_activities[0]?.location).toBe('Delhi_Hub (Delhi)');
    await simulator().webhooks.settled();
    expect(
      webhooks.every((payload) => isReturnTracking(payload) && payload.order_id === input.order_id),
    ).toBe(true);
    expect(stagesOfWebhooks(booked.awbCode)).toEqual([
      ['RETURN OUT FOR PICKUP', 'pickup_scheduled'],
      ['RETURN PICKED UP', 'picked_up'],
      ['RETURN IN TRANSIT', 'in_transit'],
      ['RETURN OUT FOR DELIVERY', 'in_transit'],
      ['RETURN DELIVERED', 'delivered'],
    ]);
    // Never remitted: nobody paid the courier cash for it.
    expect(simulator().remit()).toBeUndefined();
  });

  it('has its pickup fail: a failed attempt (an exception), then the pickup given up', async () => {
    const { booked } = await bookedReturn(1);
    simulator().failPickup(booked.shipmentId);
    expect(() => simulator().failPickup(booked.shipmentId)).toThrow('The pickup has already failed.');
    const moves = [1, 2, 3].flatMap(() => simulator().advance(booked.shipmentId));
    expect(moves).toMatchObject([
      { statusId: 49, status: 'RETURN PICKUP EXCEPTION' },
      { statusId: 30, status: 'RETURN PICKUP CANCELLED' },
    ]);
    await simulator().webhooks.settled();
    const [attempt, given] = webhooks.filter((payload) => payload.awb === booked.awbCode).slice(-2);
    expect(attempt && isReturnException({ label: attempt.shipment_status })).toBe(true);
    expect(attempt && returnStageOf({ label: attempt.shipment_status })).toBeUndefined();
    expect(given && returnStageOf({ label: given.shipment_status })).toBe('pickup_failed');
  });

  it('is lost after pickup, and refuses a failed pickup or a loss at the wrong moment', async () => {
    const waiting = await bookedReturn();
    expect(() => simulator().lose(waiting.booked.shipmentId)).toThrow(
      'The courier has not picked up the shipment.',
    );
    const carried = await bookedReturn(2);
    expect(() => simulator().failPickup(carried.booked.shipmentId)).toThrow(
      'The courier has already picked up the shipment.',
    );
    expect(() => simulator().requestRto(carried.booked.shipmentId)).toThrow(
      'A return shipment cannot be returned to origin.',
    );
    simulator().lose(carried.booked.shipmentId);
    expect(simulator().advance(carried.booked.shipmentId)).toMatchObject([{ statusId: 12, status: 'LOST' }]);
    expect(simulator().advance(carried.booked.shipmentId)).toEqual([]);
    const tracking = await carried.client.trackAwb(carried.booked.awbCode);
    expect(tracking.tracking_data).toMatchObject({ shipment_status: 12 });
    expect(returnStageOf({ label: 'LOST', statusId: 12 })).toBe('lost');
  });

  it('is cancelled before pickup as RETURN CANCELLED, and not after', async () => {
    const waiting = await bookedReturn();
    await waiting.client.cancelOrders([waiting.booked.shiprocketOrderId]);
    expect(await waiting.client.findReturnOrder(waiting.input.order_id)).toMatchObject({
      status: 'RETURN CANCELLED',
      status_code: 27,
    });
    const carried = await bookedReturn(2);
    await expect(carried.client.cancelOrders([carried.booked.shiprocketOrderId])).rejects.toMatchObject({
      status: 400,
    });
  });
});

describe('the return stages (docs/product.md#return-parcel-stages)', () => {
  it('follow the label first, and the published return ids only when the label says nothing', () => {
    expect(returnStageOf({ label: 'Return Pickup Scheduled' })).toBe('pickup_scheduled');
    expect(returnStageOf({ label: 'RETURN  PICKEDUP' })).toBe('picked_up');
    // 25 is DAMAGED among forward ids: the label decides.
    expect(returnStageOf({ label: 'RETURN IN TRANSIT', statusId: 25 })).toBe('in_transit');
    expect(returnStageOf({ statusId: 25 })).toBe('in_transit');
    expect(returnStageOf({ label: 'SOMETHING NEW', statusId: 26 })).toBe('delivered');
    expect(returnStageOf({ label: 'RETURN UNDELIVERED', statusId: 26 })).toBeUndefined();
    expect(isReturnException({ label: 'RETURN UNDELIVERED' })).toBe(true);
    expect(isReturnException({ statusId: 49 })).toBe(true);
    expect(isReturnException({ label: 'RETURN DELIVERED' })).toBe(false);
    expect(isReturnTracking({ is_return: 0 })).toBe(false);
    expect(returnOrderId('abc')).toBe('RET-abc');
  });
});

describe('the dev control that moves a parcel (docs/operations.md#shipping-simulator-controls)', () => {
  it('moves a return or a forward parcel one status, or all the way with one webhook', async () => {
    const { booked } = await bookedReturn();
    const next = await app.inject({
      method: 'POST',
      url: '/sim/shipping/control/move',
      payload: { shipmentId: booked.shipmentId },
    });
    expect(next.json()).toEqual({
      moved: [{ shipmentId: booked.shipmentId, statusId: 47, status: 'RETURN OUT FOR PICKUP' }],
    });
    const all = await app.inject({
      method: 'POST',
      url: '/sim/shipping/control/move',
      payload: { shipmentId: booked.shipmentId, to: 'delivered' },
    });
    expect(all.json<{ moved: { status: string }[] }>().moved.map((move) => move.status)).toEqual([
      'RETURN PICKED UP',
      'RETURN IN TRANSIT',
      'RETURN OUT FOR DELIVERY',
      'RETURN DELIVERED',
    ]);
    await simulator().webhooks.settled();
    const sent = webhooks.filter((payload) => payload.awb === booked.awbCode);
    expect(sent.map((payload) => payload.shipment_status)).toEqual([
      'RETURN OUT FOR PICKUP',
      'RETURN DELIVERED',
    ]);
    expect(sent[1]?.scans.map((scan) => scan['sr-status-label'])).toEqual([
      'RETURN OUT FOR PICKUP',
      'RETURN PICKED UP',
      'RETURN IN TRANSIT',
      'RETURN OUT FOR DELIVERY',
      'RETURN DELIVERED',
    ]);
    const again = await app.inject({
      method: 'POST',
      url: '/sim/shipping/control/move',
      payload: { shipmentId: booked.shipmentId, to: 'delivered' },
    });
    expect(again.json()).toEqual({ moved: [] });

    const client = clientOf();
    const forward = await client.createAdhocOrder({
      order_id: `OM-${randomUUID()}`,
      order_date: '2024-07-01 14:05',
      pickup_location: 'Primary',
      billing_customer_name: 'Priya',
      billing_address: '12 MG Road',
      billing_city: 'Bengaluru',
      billing_pincode: '560001',
      billing_state: 'Karnataka',
      billing_country: 'India',
      billing_email: 'priya@example.in',
      billing_phone: '9876543210',
      shipping_is_billing: true,
      order_items: [{ name: 'Ottoman Mitten', sku: 'OM-1', units: 1, selling_price: 599 }],
      payment_method: 'Prepaid',
      sub_total: 599,
      length: 20,
      breadth: 15,
      height: 3,
      weight: 0.5,
    });
    const delivered = await app.inject({
      method: 'POST',
      url: '/sim/shipping/control/move',
      payload: { shipmentId: forward.shipment_id, to: 'delivered' },
    });
    expect(delivered.json<{ moved: { status: string }[] }>().moved.at(-1)).toMatchObject({
      status: 'DELIVERED',
    });
  });

  it('fails a pickup and loses a parcel over HTTP, and says why it cannot', async () => {
    const { booked } = await bookedReturn();
    const control = (path: string, shipmentId: number) =>
      app.inject({ method: 'POST', url: `/sim/shipping/control/${path}`, payload: { shipmentId } });
    expect((await control('fail-pickup', booked.shipmentId)).json()).toEqual({ ok: true });
    const lost = await control('lose', booked.shipmentId);
    expect(lost.statusCode).toBe(409);
    expect(lost.json()).toEqual({ message: 'The courier has not picked up the shipment.' });
    const unknown = await app.inject({
      method: 'POST',
      url: '/sim/shipping/control/move',
      payload: { shipmentId: 1 },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No simulated Shiprocket shipment 1' });
    expect(
      (await app.inject({ method: 'POST', url: '/sim/shipping/control/move', payload: {} })).statusCode,
    ).toBe(400);
  });
});

describe('the simulator clock (SHIPROCKET_SIM_STEP_SECONDS)', () => {
  it('moves parcels every configured second in development, and not at all at 0', async () => {
    const base = app.config;
    const ticking = await buildSimulatorApp(shiprocketSimulator, {
      databaseOf: app,
      config: { env: 'development', shipping: { ...base.shipping, simulatorStepSeconds: 1 } },
    });
    const stopped = await buildSimulatorApp(shiprocketSimulator, {
      databaseOf: app,
      config: { env: 'development', shipping: { ...base.shipping, simulatorStepSeconds: 0 } },
    });
    try {
      await Promise.all([ticking.ready(), stopped.ready()]);
      const moving = await clientOf(ticking).bookReturnPickup(returnOrderInput(booking()));
      const still = await clientOf(stopped).bookReturnPickup(returnOrderInput(booking()));
      // The first tick takes it out for pickup: its first scan.
      await expect
        .poll(async () => (await clientOf(ticking).trackAwb(moving.awbCode)).tracking_data.track_status, {
          timeout: 3_000,
          interval: 200,
        })
        .toBe(1);
      expect((await clientOf(stopped).trackAwb(still.awbCode)).tracking_data.track_status).toBe(0);
    } finally {
      await Promise.all([ticking.close(), stopped.close()]);
    }
  });
});

describe('kept in the database (docs/operations.md#simulator-state)', () => {
  it('knows a return and its failure when started again on the same database', async () => {
    const { booked, client } = await bookedReturn(1);
    simulator().failPickup(booked.shipmentId);
    simulator().advance(booked.shipmentId);
    const tracking = await client.trackAwb(booked.awbCode);
    await expect
      .poll(async () => {
        const [row] = await app.db
          .select({
            kind: simulatedShiprocketShipments.kind,
            steps: simulatedShiprocketShipments.failureSteps,
          })
          .from(simulatedShiprocketShipments)
          .where(eq(simulatedShiprocketShipments.id, booked.shipmentId));
        return row;
      })
      .toEqual({ kind: 'return', steps: 1 });
    const restarted = await buildSimulatorApp(shiprocketSimulator, { databaseOf: app });
    try {
      expect(await clientOf(restarted).trackAwb(booked.awbCode)).toEqual(tracking);
      expect(simulator(restarted).advance(booked.shipmentId)).toMatchObject([
        { statusId: 30, status: 'RETURN PICKUP CANCELLED' },
      ]);
    } finally {
      await restarted.close();
    }
  });
});
