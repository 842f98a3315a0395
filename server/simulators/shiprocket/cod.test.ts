import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { simulatedShiprocketRemittances, simulatedShiprocketShipments } from '../../db/schema';
import { injectFetch } from '../../providers/inject-fetch';
import { createShiprocketClient } from '../../providers/shiprocket/client';
import { codAmountToCollectPaise, codBookingFields, SHIPROCKET_STATUS } from '../../providers/shiprocket/cod';
import { parseRemittanceCsv } from '../../providers/shiprocket/remittance-csv';
import type { AdhocOrderInput, TrackingWebhookPayload } from '../../providers/shiprocket/types';
import { buildSimulatorApp, type SimulatorApp } from '../../test/simulator-app';
import shiprocketSimulator, { type ShiprocketSimulator } from './plugin';

// docs/architecture.md#shiprocket-cod: cash on delivery through our Shiprocket adapter, against the simulator.

let app: SimulatorApp;
const webhooks: TrackingWebhookPayload[] = [];
const WEBHOOK_PATH = '/test/cod-tracking';

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

function clientOf(of: SimulatorApp = app) {
  return createShiprocketClient({
    baseUrl: `http://simulator.local${simulator(of).baseUrl}`,
    email: simulator(of).email,
    password: simulator(of).password,
    retryDelayMs: 1,
    fetch: injectFetch(of),
  });
}

const amounts = { collectPaise: 133_450, codFeePaise: 4_900, shippingPaise: 9_900 };

function codOrder(overrides: Partial<AdhocOrderInput> = {}): AdhocOrderInput {
  return {
    order_id: `OM-${randomBytes(5).toString('hex')}`,
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
    order_items: [{ name: 'Ottoman Mitten', sku: 'OM-1', units: 2, selling_price: 593.25 }],
    ...codBookingFields(amounts),
    length: 20,
    breadth: 15,
    height: 3,
    weight: 0.5,
    ...overrides,
  } as AdhocOrderInput;
}

/** Books a COD parcel with a courier that collects cash, and moves it `steps` times. */
async function bookedCod(steps: number, overrides: Partial<AdhocOrderInput> = {}) {
  const client = clientOf();
  const input = codOrder(overrides);
  const created = await client.createAdhocOrder(input);
  const cod = await client.checkCodServiceability({
    pickupPostcode: '110001',
    deliveryPostcode: input.billing_pincode,
    weightKg: input.weight,
  });
  const courierId = cod.recommendedCourierId ?? undefined;
  const awb = await client.assignAwb({ shipmentId: created.shipment_id, courierId });
  await client.generatePickup(created.shipment_id);
  for (let step = 0; step < steps; step++) simulator().advance(created.shipment_id);
  return { client, input, created, awb: awb.response.data.awb_code, courierId };
}

const DELIVER = 8;
const PICK_UP = 2;

describe('COD serviceability', () => {
  it('answers, per courier, who collects cash at a pincode, with the COD charge', async () => {
    const cod = await clientOf().checkCodServiceability({
      pickupPostcode: '110001',
      deliveryPostcode: '560001',
      weightKg: 0.5,
    });
    expect(cod.available).toBe(true);
    expect(cod.couriers.map((courier) => courier.courierName).sort()).toEqual([
      'Delhivery Surface',
      'Xpressbees Surface',
    ]);
    expect(cod.couriers.every((courier) => courier.codChargesPaise === 4000)).toBe(true);
    expect(cod.couriers.map((courier) => courier.courierCompanyId)).toContain(cod.recommendedCourierId);

    // Prepaid parcels still reach the islands; cash is not collected there.
    const islands = { pickupPostcode: '110001', deliveryPostcode: '744101', weightKg: 0.5 };
    expect(await clientOf().checkCodServiceability(islands)).toEqual({
      deliveryPostcode: '744101',
      available: false,
      couriers: [],
      recommendedCourierId: null,
    });
    const prepaid = await clientOf().checkServiceability({ ...islands, cod: false });
    expect(prepaid.data.available_courier_companies.length).toBeGreaterThan(0);
  });
});

describe('a COD booking', () => {
  it('is taken with the amount to collect, and only a courier that collects cash carries it', async () => {
    const { client, input, created, courierId } = await bookedCod(0);
    expect(created).toMatchObject({ status: 'NEW', alreadyExisted: false });
    expect(codAmountToCollectPaise(input)).toBe(amounts.collectPaise);
    const listed = await client.findOrder(input.order_id);
    expect(listed).toMatchObject({ payment_method: 'cod', shipments: [{ courier: expect.any(String) }] });
    expect([10, 33]).toContain(courierId);

    // Blue Dart Air (1) carries prepaid parcels only.
    const other = await client.createAdhocOrder(codOrder());
    await expect(client.assignAwb({ shipmentId: other.shipment_id, courierId: 1 })).rejects.toMatchObject({
      kind: 'rejected',
      message: 'Selected courier is not serviceable for this shipment.',
    });
  });

  it('is refused with a 422 when there is nothing to collect', async () => {
    await expect(
      clientOf().createAdhocOrder(codOrder({ sub_total: 0, shipping_charges: 0, transaction_charges: 0 })),
    ).rejects.toMatchObject({
      status: 422,
      fieldErrors: { sub_total: ['The amount to collect on delivery must be greater than 0.'] },
    });
  });

  it('is delivered with the cash collected, and paid to the brand in the next remittance cycle', async () => {
    const first = await bookedCod(DELIVER);
    const second = await bookedCod(DELIVER, {
      ...codBookingFields({ collectPaise: 59_900, codFeePaise: 4_900, shippingPaise: 0 }),
    });
    const undelivered = await bookedCod(PICK_UP);
    const tracking = await first.client.trackAwb(first.awb);
    expect(tracking.tracking_data).toMatchObject({ track_status: 1, shipment_status: 7 });

    const remittance = simulator().remit();
    expect(remittance).toMatchObject({ utr: expect.stringMatching(/^UTIBN\d{11}$/) });
    expect(remittance?.lines).toEqual([
      {
        awb: first.awb,
        orderId: first.input.order_id,
        srOrderId: first.created.order_id,
        codAmountPaise: 133_450,
        remittedAmountPaise: 133_450,
      },
      expect.objectContaining({ awb: second.awb, codAmountPaise: 59_900, remittedAmountPaise: 59_900 }),
    ]);
    expect(remittance?.lines.map((line) => line.awb)).not.toContain(undelivered.awb);
    // Each parcel is paid once.
    expect(simulator().remit()).toBeUndefined();
  });

  it('round-trips the panel’s CSV export through our parser, a short payment included', async () => {
    const paid = await bookedCod(DELIVER);
    const short = await bookedCod(DELIVER);
    const remittance = simulator().remit({ shortByPaise: 5_000, shortAwb: short.awb });
    if (!remittance) throw new Error('a remittance was due');

    const rows = parseRemittanceCsv(simulator().remittanceCsv(remittance.id));
    expect(rows).toEqual([
      {
        line: 2,
        remittanceId: remittance.id,
        awb: paid.awb,
        orderId: paid.input.order_id,
        codAmountPaise: 133_450,
        remittedAmountPaise: 133_450,
        utr: remittance.utr,
        remittedOn: remittance.remittedOn,
      },
      {
        line: 3,
        remittanceId: remittance.id,
        awb: short.awb,
        orderId: short.input.order_id,
        codAmountPaise: 133_450,
        remittedAmountPaise: 128_450,
        utr: remittance.utr,
        remittedOn: remittance.remittedOn,
      },
    ]);
    const mismatches = rows.filter((row) => row.remittedAmountPaise !== row.codAmountPaise);
    expect(mismatches.map((row) => [row.orderId, row.codAmountPaise - row.remittedAmountPaise])).toEqual([
      [short.input.order_id, 5_000],
    ]);
  });

  it('is exported over HTTP as a CSV download, and its cycle run and RTO asked for there too', async () => {
    const delivered = await bookedCod(DELIVER);
    const cycle = await app.inject({
      method: 'POST',
      url: '/sim/shipping/control/remittances',
      payload: { shortByPaise: 100 },
    });
    expect(cycle.statusCode).toBe(200);
    const remittance = cycle.json<{ remittance: { id: string } }>().remittance;
    const csv = await app.inject({
      method: 'GET',
      url: `/sim/shipping/control/remittances.csv?id=${remittance.id}`,
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="cod-remittance.csv"');
    expect(parseRemittanceCsv(csv.body)).toMatchObject([
      { awb: delivered.awb, codAmountPaise: 133_450, remittedAmountPaise: 133_350 },
    ]);
    expect(
      (await app.inject({ method: 'GET', url: '/sim/shipping/control/remittances.csv?id=nope' })).statusCode,
    ).toBe(404);

    const refused = await bookedCod(PICK_UP + 1);
    const rto = await app.inject({
      method: 'POST',
      url: '/sim/shipping/control/rto',
      payload: { shipmentId: refused.created.shipment_id },
    });
    expect(rto.json()).toEqual({ ok: true });
    const again = await app.inject({
      method: 'POST',
      url: '/sim/shipping/control/rto',
      payload: { shipmentId: delivered.created.shipment_id },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'The shipment is already delivered.' });
  });
});

describe('return to origin', () => {
  it('goes 9 RTO INITIATED, then 10 RTO DELIVERED, through tracking and webhooks, and is never remitted', async () => {
    const { client, created, awb } = await bookedCod(PICK_UP + 2);
    simulator().requestRto(created.shipment_id);
    expect(simulator().advance(created.shipment_id)).toEqual([
      { shipmentId: created.shipment_id, statusId: SHIPROCKET_STATUS.rtoInitiated, status: 'RTO INITIATED' },
    ]);
    const initiated = await client.trackAwb(awb);
    expect(initiated.tracking_data).toMatchObject({
      track_status: 1,
      shipment_status: 9,
      shipment_track: [{ current_status: 'RTO INITIATED', delivered_date: null }],
    });
    if (initiated.tracking_data.track_status !== 1) throw new Error('the parcel has scans');
    expect(initiated.tracking_data.shipment_track_activities[0]).toMatchObject({
      'sr-status': '9',
      'sr-status-label': 'RTO INITIATED',
      activity: 'RTO Initiated - Consignee refused to accept',
    });
    expect(simulator().advance(created.shipment_id)).toMatchObject([
      { statusId: SHIPROCKET_STATUS.rtoDelivered, status: 'RTO DELIVERED' },
    ]);
    // Back with the shop: nothing moves it further.
    expect(simulator().advance(created.shipment_id)).toEqual([]);
    await simulator().webhooks.settled();
    expect(
      webhooks
        .filter((payload) => payload.awb === awb)
        .slice(-2)
        .map((payload) => [payload.shipment_status_id, payload.current_status, payload.is_return]),
    ).toEqual([
      [9, 'RTO INITIATED', 0],
      [10, 'RTO DELIVERED', 0],
    ]);
    expect(simulator().remit()).toBeUndefined();
  });

  it('is refused before pickup (cancel instead) and after delivery', async () => {
    const waiting = await bookedCod(1);
    expect(() => simulator().requestRto(waiting.created.shipment_id)).toThrow(
      'The courier has not picked up the shipment: cancel it instead.',
    );
    const delivered = await bookedCod(DELIVER);
    expect(() => simulator().requestRto(delivered.created.shipment_id)).toThrow(
      'The shipment is already delivered.',
    );
  });
});

describe('under faults', () => {
  it('the serviceability read is retried through a passing failure; a booking is not repeated', async () => {
    const client = clientOf();
    // Logs in before the faults.
    await client.trackAwb('0').catch(() => undefined);
    await app.inject({
      method: 'POST',
      url: '/sim/shipping/control/faults',
      payload: [
        { kind: 'error', endpoint: '/courier/serviceability', count: 2 },
        { kind: 'error', endpoint: '/orders/create/adhoc', count: 1, status: 502 },
      ],
    });
    try {
      const cod = await client.checkCodServiceability({
        pickupPostcode: '110001',
        deliveryPostcode: '560001',
        weightKg: 0.5,
      });
      expect(cod.available).toBe(true);
      const input = codOrder();
      await expect(client.createAdhocOrder(input)).rejects.toMatchObject({
        kind: 'unavailable',
        status: 502,
      });
      expect(await client.findOrder(input.order_id)).toBeUndefined();
      // The retried job books it with the same order id.
      expect((await client.createAdhocOrder(input)).alreadyExisted).toBe(false);
    } finally {
      await app.inject({ method: 'DELETE', url: '/sim/shipping/control/faults' });
    }
  });
});

describe('kept in the database (docs/operations.md#simulator-state)', () => {
  it('knows the returns and the parcels already paid when started again on the same database', async () => {
    const paid = await bookedCod(DELIVER);
    const remittance = simulator().remit();
    const returning = await bookedCod(PICK_UP + 1);
    simulator().requestRto(returning.created.shipment_id);
    simulator().advance(returning.created.shipment_id);
    const unpaid = await bookedCod(DELIVER);
    const tracking = await returning.client.trackAwb(returning.awb);

    // Written just after each change: wait for the last of them.
    await expect
      .poll(async () => {
        const [shipment] = await app.db
          .select({ deliveredAt: simulatedShiprocketShipments.deliveredAt })
          .from(simulatedShiprocketShipments)
          .where(eq(simulatedShiprocketShipments.id, unpaid.created.shipment_id));
        const remittances = await app.db.select().from(simulatedShiprocketRemittances);
        return Boolean(shipment?.deliveredAt) && remittances.length === 1;
      })
      .toBe(true);
    const restarted = await buildSimulatorApp(shiprocketSimulator, { databaseOf: app });
    try {
      expect(await clientOf(restarted).trackAwb(returning.awb)).toEqual(tracking);
      expect(simulator(restarted).remittances()).toEqual([remittance]);
      expect(simulator(restarted).advance(returning.created.shipment_id)).toMatchObject([{ statusId: 10 }]);
      const next = simulator(restarted).remit();
      expect(next?.lines.map((line) => line.awb)).toEqual([unpaid.awb]);
      expect(next?.lines.map((line) => line.awb)).not.toContain(paid.awb);
    } finally {
      await restarted.close();
    }
  });
});
