import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { simulatedShiprocketShipments } from '../../db/schema';
import { injectFetch } from '../../providers/inject-fetch';
import { createShiprocketClient, ShiprocketError } from '../../providers/shiprocket/client';
import type { AdhocOrderInput, TrackingWebhookPayload } from '../../providers/shiprocket/types';
import { SHIPPING_WEBHOOK_PATH } from '../../providers/shiprocket/webhook';
import { buildSimulatorApp, type SimulatorApp } from '../../test/simulator-app';
import { UNSERVICEABLE_PINCODE_PREFIX } from './couriers';
import shiprocketSimulator from './plugin';

let app: SimulatorApp;
const received: { apiKey: unknown; body: unknown }[] = [];

beforeAll(async () => {
  app = await buildSimulatorApp(shiprocketSimulator);
  // Stands in for the shop's tracking webhook (not mounted here), which answers 200 to a parcel it doesn't know.
  app.post(SHIPPING_WEBHOOK_PATH, async () => ({ ok: true }));
  app.post('/test/tracking-events', async (request) => {
    received.push({ apiKey: request.headers['x-api-key'], body: request.body });
    return { ok: true };
  });
});
afterAll(() => app.close());
beforeEach(() => {
  simulator().reset();
  received.length = 0;
});

function simulator() {
  const simulated = app.shiprocketSimulator;
  if (!simulated) throw new Error('these tests run against the Shiprocket simulator');
  return simulated;
}

/** The real client over an in-process fetch that counts each call by method and path. */
function client() {
  const calls: string[] = [];
  const fetchApp = injectFetch(app);
  const shiprocket = createShiprocketClient({
    baseUrl: `http://simulator.local${simulator().baseUrl}`,
    email: simulator().email,
    password: simulator().password,
    retryDelayMs: 1,
    fetch: (input, init) => {
      const url = new URL(String(input));
      calls.push(`${init?.method ?? 'GET'} ${url.pathname.replace(simulator().baseUrl, '')}`);
      return fetchApp(input, init);
    },
  });
  return { shiprocket, calls };
}

const uniqueOrderId = () => `OM-${randomBytes(5).toString('hex')}`;

function orderInput(overrides: Partial<AdhocOrderInput> = {}): AdhocOrderInput {
  return {
    order_id: uniqueOrderId(),
    order_date: '2024-07-01 14:05',
    pickup_location: 'Primary',
    billing_customer_name: 'Priya',
    billing_last_name: 'Sharma',
    billing_address: '12 MG Road',
    billing_city: 'Bengaluru',
    billing_pincode: '560001',
    billing_state: 'Karnataka',
    billing_country: 'India',
    billing_email: 'priya@example.in',
    billing_phone: '9876543210',
    shipping_is_billing: true,
    order_items: [
      { name: 'Ottoman Mitten', sku: 'OM-1', units: 2, selling_price: 599, discount: 0, tax: 0, hsn: 6116 },
    ],
    payment_method: 'Prepaid',
    sub_total: 1198,
    length: 20,
    breadth: 15,
    height: 3,
    weight: 0.5,
    ...overrides,
  } as AdhocOrderInput;
}

async function rejection(promise: Promise<unknown>): Promise<ShiprocketError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ShiprocketError))
    throw new Error(`expected a ShiprocketError, got ${String(error)}`);
  return error;
}

async function newShipment() {
  const { shiprocket } = client();
  const input = orderInput();
  const created = await shiprocket.createAdhocOrder(input);
  return { shiprocket, input, created };
}

describe('the Shiprocket simulator through the real client', () => {
  it('is mounted with fixed credentials and a webhook token when no API user is configured', () => {
    expect(simulator()).toMatchObject({ baseUrl: '/sim/shipping', email: expect.stringContaining('@') });
    expect(simulator().password.length).toBeGreaterThanOrEqual(12);
    expect(simulator().webhookToken.length).toBeGreaterThanOrEqual(16);
  });

  it('logs in once for several calls, and again when the token is refused', async () => {
    const { shiprocket, calls } = client();
    const { created } = await newShipment();
    await Promise.all([
      shiprocket.trackShipment(created.shipment_id),
      shiprocket.trackShipment(created.shipment_id),
    ]);
    await shiprocket.cancelOrders([created.order_id]);
    expect(calls.filter((call) => call === 'POST /auth/login')).toHaveLength(1);

    simulator().expireTokens();
    const unauthenticated = await app.inject({
      method: 'GET',
      url: `/sim/shipping/courier/track/shipment/${created.shipment_id}`,
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.json()).toEqual({ message: 'Unauthenticated.' });

    await shiprocket.trackShipment(created.shipment_id);
    expect(calls.slice(-3)).toEqual([
      `GET /courier/track/shipment/${created.shipment_id}`,
      'POST /auth/login',
      `GET /courier/track/shipment/${created.shipment_id}`,
    ]);
  });

  it('refuses wrong credentials as rejected', async () => {
    const shiprocket = createShiprocketClient({
      baseUrl: `http://simulator.local${simulator().baseUrl}`,
      email: simulator().email,
      password: 'wrong',
      fetch: injectFetch(app),
    });
    const error = await rejection(shiprocket.trackAwb('1490'));
    expect(error).toMatchObject({
      kind: 'rejected',
      status: 400,
      message: 'Invalid email and password combination',
    });
  });

  it('creates an adhoc order as NEW with no courier yet', async () => {
    const { created } = await newShipment();
    expect(created).toEqual({
      order_id: expect.any(Number),
      shipment_id: expect.any(Number),
      status: 'NEW',
      status_code: 1,
      awb_code: null,
      courier_company_id: null,
      courier_name: null,
      alreadyExisted: false,
    });
    expect(created.shipment_id).not.toBe(created.order_id);
  });

  it('validates the adhoc body like the real API, with a 422 naming each field', async () => {
    const { shiprocket } = client();
    const input = orderInput({ length: 0.5, billing_pincode: '5600', order_items: [] });
    const { billing_city: _city, ...withoutCity } = input;
    const error = await rejection(shiprocket.createAdhocOrder(withoutCity as AdhocOrderInput));
    expect(error).toMatchObject({ kind: 'rejected', status: 422, message: 'Oops! Invalid Data.' });
    expect(error.fieldErrors).toEqual({
      billing_city: ['The billing city field is required.'],
      billing_pincode: ['The billing pincode must be 6 digits.'],
      order_items: ['The order items field is required.'],
      length: ['The length must be greater than 0.5.'],
    });

    const raw = await app.inject({
      method: 'POST',
      url: '/sim/shipping/orders/create/adhoc',
      headers: { authorization: 'Bearer nothing' },
      payload: {},
    });
    expect(raw.statusCode).toBe(401);
  });

  it('needs the shipping address when it differs from billing', async () => {
    const { shiprocket } = client();
    const error = await rejection(
      shiprocket.createAdhocOrder({ ...orderInput(), shipping_is_billing: false } as AdhocOrderInput),
    );
    expect(Object.keys(error.fieldErrors ?? {})).toEqual([
      'shipping_customer_name',
      'shipping_address',
      'shipping_city',
      'shipping_pincode',
      'shipping_state',
      'shipping_country',
      'shipping_phone',
    ]);
  });

  it('refuses a reused order_id with a 422, which the client resolves to the first order', async () => {
    const { shiprocket, input, created } = await newShipment();
    const raw = await app.inject({
      method: 'POST',
      url: '/sim/shipping/auth/login',
      payload: { email: simulator().email, password: simulator().password },
    });
    const duplicate = await app.inject({
      method: 'POST',
      url: '/sim/shipping/orders/create/adhoc',
      headers: { authorization: `Bearer ${raw.json<{ token: string }>().token}` },
      payload: input,
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toEqual({
      message: 'Oops! Invalid Data.',
      errors: { order_id: ['The order id has already been taken.'] },
      status_code: 422,
    });

    const again = await shiprocket.createAdhocOrder(input);
    expect(again).toMatchObject({
      order_id: created.order_id,
      shipment_id: created.shipment_id,
      status: 'NEW',
      alreadyExisted: true,
    });
    expect(await shiprocket.findOrder(input.order_id)).toMatchObject({ id: created.order_id });
    expect(await shiprocket.findOrder(`${input.order_id}-other`)).toBeUndefined();
  });

  it('quotes realistic couriers with delivery dates, and none for an unserviceable pincode', async () => {
    const { shiprocket } = client();
    const query = { pickupPostcode: '110001', deliveryPostcode: '560001', weightKg: 1.2, cod: false };
    const prepaid = await shiprocket.checkServiceability(query);
    expect(prepaid.status).toBe(200);
    const couriers = prepaid.data.available_courier_companies;
    expect(couriers.map((courier) => courier.courier_name)).toEqual([
      'Xpressbees Surface',
      'Delhivery Surface',
      'Blue Dart Air',
    ]);
    for (const courier of couriers) {
      expect(courier).toEqual({
        courier_company_id: expect.any(Number),
        courier_name: expect.any(String),
        rate: expect.any(Number),
        freight_charge: courier.rate,
        etd: expect.stringMatching(/^[A-Z][a-z]{2} \d{2}, \d{4}$/),
        estimated_delivery_days: expect.stringMatching(/^\d+$/),
        cod: expect.any(Number),
        rating: expect.any(Number),
      });
    }
    expect(couriers.map((courier) => courier.courier_company_id)).toContain(
      prepaid.data.recommended_courier_company_id,
    );

    const cod = await shiprocket.checkServiceability({ ...query, cod: true });
    expect(cod.data.available_courier_companies.every((courier) => courier.cod === 1)).toBe(true);
    expect(cod.data.available_courier_companies).toHaveLength(2);

    const nowhere = await shiprocket.checkServiceability({
      ...query,
      deliveryPostcode: `${UNSERVICEABLE_PINCODE_PREFIX}99001`,
    });
    expect(nowhere.data).toEqual({ available_courier_companies: [], recommended_courier_company_id: null });

    const invalid = await rejection(shiprocket.checkServiceability({ ...query, deliveryPostcode: '56' }));
    expect(invalid).toMatchObject({
      status: 422,
      fieldErrors: { delivery_postcode: ['The delivery postcode must be 6 digits.'] },
    });
  });

  it('assigns an AWB once, then schedules a pickup once', async () => {
    const { shiprocket, created } = await newShipment();
    const awb = await shiprocket.assignAwb({ shipmentId: created.shipment_id, courierId: 10 });
    expect(awb).toEqual({
      awb_assign_status: 1,
      response: {
        data: {
          awb_code: expect.stringMatching(/^1490\d{10}$/),
          courier_company_id: 10,
          courier_name: 'Delhivery Surface',
          shipment_id: created.shipment_id,
          order_id: created.order_id,
          pickup_scheduled_date: null,
        },
      },
    });
    const reassigned = await rejection(shiprocket.assignAwb({ shipmentId: created.shipment_id }));
    expect(reassigned).toMatchObject({
      kind: 'rejected',
      status: 200,
      message: `AWB is already assigned to shipment ${created.shipment_id}.`,
    });

    const pickup = await shiprocket.generatePickup(created.shipment_id);
    expect(pickup).toEqual({
      pickup_status: 1,
      response: {
        pickup_scheduled_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        pickup_token_number: expect.stringMatching(/^Reference No: /),
      },
    });
    const again = await rejection(shiprocket.generatePickup(created.shipment_id));
    expect(again).toMatchObject({ kind: 'rejected', status: 400, message: 'Already in Pickup Queue.' });

    const listed = await shiprocket.findOrder((await newShipment()).input.order_id);
    expect(listed?.shipments[0]?.awb).toBeNull();
  });

  it('refuses, inside a 200, an AWB from a courier that does not serve the route and a pickup before an AWB', async () => {
    const { shiprocket, created } = await newShipment();
    const pickup = await rejection(shiprocket.generatePickup(created.shipment_id));
    expect(pickup).toMatchObject({
      kind: 'rejected',
      status: 200,
      message: 'Please assign AWB before generating pickup.',
    });
    const unknownCourier = await rejection(
      shiprocket.assignAwb({ shipmentId: created.shipment_id, courierId: 999 }),
    );
    expect(unknownCourier).toMatchObject({
      kind: 'rejected',
      status: 200,
      message: 'Selected courier is not serviceable for this shipment.',
    });
  });

  it('tracks with track_status 0 before any scan and the scans newest first after', async () => {
    const { shiprocket, created } = await newShipment();
    expect(simulator().advance(created.shipment_id)).toEqual([
      { shipmentId: created.shipment_id, statusId: 3, status: 'AWB ASSIGNED' },
    ]);
    expect(simulator().advance(created.shipment_id)[0]?.status).toBe('PICKUP SCHEDULED');
    const before = await shiprocket.trackShipment(created.shipment_id);
    expect(before).toEqual({
      tracking_data: {
        track_status: 0,
        error:
          'Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.',
      },
    });

    const statuses = [];
    for (let step = 0; step < 3; step++) statuses.push(simulator().advance(created.shipment_id)[0]?.statusId);
    expect(statuses).toEqual([19, 42, 6]);

    const after = await shiprocket.trackShipment(created.shipment_id);
    if (after.tracking_data.track_status !== 1) throw new Error('expected scans');
    const { tracking_data: data } = after;
    const awb = data.shipment_track[0]?.awb_code ?? '';
    expect(data.shipment_status).toBe(6);
    expect(data.shipment_track[0]).toMatchObject({
      awb_code: expect.stringMatching(/^\d{11,14}$/),
      current_status: 'SHIPPED',
      shipment_id: created.shipment_id,
      order_id: created.order_id,
      destination: 'Bengaluru',
      delivered_date: null,
    });
    expect(
      data.shipment_track_activities.map((scan) => [scan['sr-status'], scan['sr-status-label']]),
    ).toEqual([
      ['6', 'SHIPPED'],
      ['42', 'PICKED UP'],
      ['19', 'OUT FOR PICKUP'],
    ]);
    expect(data.shipment_track_activities[0]).toEqual({
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      status: expect.any(String),
      activity: expect.any(String),
      location: 'Delhi_Hub (Delhi)',
      'sr-status': '6',
      'sr-status-label': 'SHIPPED',
    });
    expect(data.track_url).toBe(`${app.config.publicUrl}/sim/shipping/tracking/${awb}`);
    expect(await shiprocket.trackAwb(awb)).toEqual(after);

    const page = await app.inject({ method: 'GET', url: `/sim/shipping/tracking/${awb}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('PICKED UP');

    for (let step = 0; step < 4; step++) simulator().advance(created.shipment_id);
    const delivered = await shiprocket.trackAwb(awb);
    if (delivered.tracking_data.track_status !== 1) throw new Error('expected scans');
    expect(delivered.tracking_data.shipment_status).toBe(7);
    expect(delivered.tracking_data.shipment_track[0]?.delivered_date).toMatch(/^\d{4}-/);
    expect(simulator().advance(created.shipment_id)).toEqual([]);

    const unknown = await rejection(shiprocket.trackAwb('000'));
    expect(unknown).toMatchObject({ kind: 'rejected', status: 404 });
  });

  it('cancels before pickup with a 204, and refuses once the courier has the parcel', async () => {
    const { shiprocket, input, created } = await newShipment();
    simulator().advance(created.shipment_id);
    await shiprocket.cancelOrders([created.order_id]);
    await shiprocket.cancelOrders([created.order_id]);
    expect(simulator().advance(created.shipment_id)).toEqual([]);
    expect(await shiprocket.findOrder(input.order_id)).toMatchObject({ status: 'CANCELLED', status_code: 8 });

    const second = await newShipment();
    for (let step = 0; step < 4; step++) simulator().advance(second.created.shipment_id);
    const refused = await rejection(shiprocket.cancelOrders([second.created.order_id]));
    expect(refused).toMatchObject({
      kind: 'rejected',
      status: 400,
      message: `Order id(s) ${second.created.order_id} cannot be cancelled: the courier has already picked up the shipment.`,
    });
  });

  it.each([
    ['unavailable', 503],
    ['server_error', 500],
    ['rate_limited', 429],
  ] as const)('fails every call while %s, retrying reads only', async (mode, status) => {
    const { shiprocket, calls } = client();
    const { created } = await newShipment();
    await shiprocket.trackShipment(created.shipment_id);
    calls.length = 0;

    simulator().failApi(mode);
    const read = await rejection(shiprocket.trackShipment(created.shipment_id));
    expect(read).toMatchObject({ kind: 'unavailable', status });
    expect(calls).toEqual(Array(3).fill(`GET /courier/track/shipment/${created.shipment_id}`));

    calls.length = 0;
    const create = await rejection(shiprocket.createAdhocOrder(orderInput()));
    expect(create).toMatchObject({ kind: 'unavailable', status });
    const assign = await rejection(shiprocket.assignAwb({ shipmentId: created.shipment_id }));
    expect(assign.kind).toBe('unavailable');
    expect(calls).toEqual(['POST /orders/create/adhoc', 'POST /courier/assign/awb']);

    simulator().restoreApi();
    await expect(shiprocket.trackShipment(created.shipment_id)).resolves.toBeDefined();
  });
});

describe('tracking webhooks from the simulator', () => {
  it('go to the shop endpoint by default', async () => {
    const { created } = await newShipment();
    simulator().advance(created.shipment_id);
    await simulator().webhooks.settled();
    expect(simulator().webhooks.sent()[0]).toMatchObject({
      path: SHIPPING_WEBHOOK_PATH,
      headers: { 'x-api-key': simulator().webhookToken, 'content-type': 'application/json' },
      attempt: 1,
    });
  });

  it('are retried a few times on a non-2xx, then given up without harm', async () => {
    simulator().webhooks.setTarget('/api/no-such-endpoint');
    const { shiprocket, created } = await newShipment();
    simulator().advance(created.shipment_id);
    await simulator().webhooks.settled();
    expect(
      simulator()
        .webhooks.sent()
        .map((attempt) => [attempt.statusCode, attempt.attempt]),
    ).toEqual([
      [404, 1],
      [404, 2],
      [404, 3],
      [404, 4],
    ]);
    await expect(shiprocket.trackShipment(created.shipment_id)).resolves.toBeDefined();
  });

  it('post the tracking payload with the x-api-key after each advance', async () => {
    simulator().webhooks.setTarget('/test/tracking-events');
    const { input, created } = await newShipment();
    for (let step = 0; step < 5; step++) simulator().advance(created.shipment_id);
    expect(received).toHaveLength(0);
    await simulator().webhooks.settled();

    expect(received.map((delivery) => delivery.apiKey)).toEqual(Array(5).fill(simulator().webhookToken));
    const payloads = received.map((delivery) => delivery.body as TrackingWebhookPayload);
    expect(payloads.map((payload) => [payload.shipment_status_id, payload.shipment_status])).toEqual([
      [3, 'AWB ASSIGNED'],
      [4, 'PICKUP SCHEDULED'],
      [19, 'OUT FOR PICKUP'],
      [42, 'PICKED UP'],
      [6, 'SHIPPED'],
    ]);
    const last = payloads[4];
    expect(last).toEqual({
      awb: expect.stringMatching(/^\d{11,14}$/),
      courier_name: expect.any(String),
      current_status: 'SHIPPED',
      current_status_id: 6,
      shipment_status: 'SHIPPED',
      shipment_status_id: 6,
      current_timestamp: expect.stringMatching(/^\d{2} \d{2} \d{4} \d{2}:\d{2}:\d{2}$/),
      order_id: input.order_id,
      sr_order_id: created.order_id,
      etd: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      scans: [
        expect.objectContaining({ 'sr-status': '19', 'sr-status-label': 'OUT FOR PICKUP' }),
        expect.objectContaining({ 'sr-status': '42', 'sr-status-label': 'PICKED UP' }),
        expect.objectContaining({ 'sr-status': '6', 'sr-status-label': 'SHIPPED' }),
      ],
      is_return: 0,
    });
    expect(
      simulator()
        .webhooks.sent()
        .every((attempt) => attempt.statusCode === 200),
    ).toBe(true);
  });

  it('hold deliveries until released, and can deliver each twice', async () => {
    simulator().webhooks.setTarget('/test/tracking-events');
    const { created } = await newShipment();
    simulator().webhooks.hold();
    simulator().webhooks.duplicate(true);
    simulator().advance(created.shipment_id);
    simulator().advance();
    await simulator().webhooks.settled();
    expect(received).toHaveLength(0);

    simulator().webhooks.release();
    await simulator().webhooks.settled();
    expect(received.map((delivery) => (delivery.body as TrackingWebhookPayload).shipment_status)).toEqual([
      'AWB ASSIGNED',
      'AWB ASSIGNED',
      'PICKUP SCHEDULED',
      'PICKUP SCHEDULED',
    ]);
  });

  it('advance on their own while the clock runs', async () => {
    simulator().webhooks.setTarget('/test/tracking-events');
    const { shiprocket, input } = await newShipment();
    simulator().startClock(5);
    await expect
      .poll(async () => (await shiprocket.findOrder(input.order_id))?.status, { timeout: 2000 })
      .toBe('DELIVERED');
    simulator().stopClock();
    await simulator().webhooks.settled();
    expect(received.at(-1)?.body).toMatchObject({ shipment_status_id: 7, shipment_status: 'DELIVERED' });
  });
});

describe('when the Shiprocket simulator is off', () => {
  it('is not mounted when a real API user is configured', async () => {
    const real = loadConfig({
      NODE_ENV: 'test',
      SHIPROCKET_EMAIL: 'api-user@ottomanmittens.in',
      SHIPROCKET_PASSWORD: 'correct horse',
    });
    const withReal = await buildSimulatorApp(shiprocketSimulator, {
      databaseOf: app,
      config: { shiprocket: real.shiprocket },
    });
    try {
      expect(withReal.shiprocketSimulator).toBeUndefined();
      const reply = await withReal.inject({ method: 'POST', url: '/sim/shipping/auth/login', payload: {} });
      expect(reply.statusCode).toBe(404);
    } finally {
      await withReal.close();
    }
  });
});

describe('kept in the database (docs/operations.md#simulator-state)', () => {
  it('tracks, lists and moves the same shipments when started again on the same database', async () => {
    const { shiprocket, input, created } = await newShipment();
    for (let step = 0; step < 3; step++) simulator().advance(created.shipment_id);
    const tracking = await shiprocket.trackShipment(created.shipment_id);
    expect(tracking.tracking_data).toMatchObject({ track_status: 1, shipment_status: 19 });
    const listed = await shiprocket.findOrder(input.order_id);
    // Written after each change: wait for the last of them.
    await expect
      .poll(async () => {
        const [row] = await app.db
          .select({ step: simulatedShiprocketShipments.step })
          .from(simulatedShiprocketShipments)
          .where(eq(simulatedShiprocketShipments.id, created.shipment_id));
        return row?.step;
      })
      .toBe(3);

    const restarted = await buildSimulatorApp(shiprocketSimulator, { databaseOf: app });
    try {
      const again = restarted.shiprocketSimulator;
      if (!again) throw new Error('the Shiprocket simulator is not mounted');
      const client = createShiprocketClient({
        baseUrl: `http://simulator.local${again.baseUrl}`,
        email: again.email,
        password: again.password,
        retryDelayMs: 1,
        fetch: injectFetch(restarted),
      });
      expect(await client.trackShipment(created.shipment_id)).toEqual(tracking);
      expect(await client.findOrder(input.order_id)).toEqual(listed);
      // The order id is still taken: the client resolves the refusal to the first order.
      expect((await client.createAdhocOrder(input)).shipment_id).toBe(created.shipment_id);
      expect(again.advance(created.shipment_id)).toMatchObject([{ statusId: 42, status: 'PICKED UP' }]);
      const next = await client.createAdhocOrder(orderInput());
      expect(next.shipment_id).toBeGreaterThan(created.shipment_id);
    } finally {
      await restarted.close();
    }
  });
});
