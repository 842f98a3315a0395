import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { injectFetch } from '../../providers/inject-fetch';
import { createShiprocketClient, ShiprocketError } from '../../providers/shiprocket/client';
import { reattemptActionInput, returnActionInput } from '../../providers/shiprocket/ndr';
import type { AdhocOrderInput, TrackingWebhookPayload } from '../../providers/shiprocket/types';
import shiprocketSimulator, { type ShiprocketSimulator } from '../../simulators/shiprocket/plugin';
import { buildSimulatorApp, type SimulatorApp } from '../../test/simulator-app';
import { reattemptDatesOf } from '../ndr/ndr-lifecycle';
import { failedAttemptOf, ndrOfListing, ndrReasonOf } from './ndr-payloads';
import { TrackingWebhookSchema, trackingUpdateOfReply, trackingUpdateOfWebhook } from './tracking-payloads';

// docs/architecture.md#shiprocket-ndr: failed deliveries through our Shiprocket adapter, against the simulator:
// the courier's report in tracking and in the NDR list, its attempts and deadline, and the actions.

let app: SimulatorApp;
const webhooks: TrackingWebhookPayload[] = [];
const WEBHOOK_PATH = '/test/ndr-tracking';

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

function simulator(): ShiprocketSimulator {
  const simulated = app.shiprocketSimulator;
  if (!simulated) throw new Error('these tests run against the Shiprocket simulator');
  return simulated;
}

const client = () =>
  createShiprocketClient({
    baseUrl: `http://simulator.local${simulator().baseUrl}`,
    email: simulator().email,
    password: simulator().password,
    retryDelayMs: 1,
    fetch: injectFetch(app),
  });

function order(): AdhocOrderInput {
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
    order_items: [{ name: 'Ottoman Mitten', sku: 'OM-1', units: 1, selling_price: 999 }],
    payment_method: 'Prepaid',
    sub_total: 999,
    length: 20,
    breadth: 15,
    height: 3,
    weight: 0.5,
  } as AdhocOrderInput;
}

/** A parcel out for delivery (17): the next move is its delivery attempt. */
async function outForDelivery() {
  const created = await client().createAdhocOrder(order());
  const assigned = await client().assignAwb({ shipmentId: created.shipment_id });
  await client().generatePickup(created.shipment_id);
  for (let step = 0; step < 6; step++) simulator().advance(created.shipment_id);
  const awb = assigned.response.data.awb_code;
  expect(await statusOf(awb)).toBe(17);
  return { shipmentId: created.shipment_id, awb };
}

async function statusOf(awb: string) {
  const reply = await client().trackAwb(awb);
  return 'shipment_status' in reply.tracking_data ? reply.tracking_data.shipment_status : undefined;
}
const move = (shipmentId: number) =>
  simulator()
    .advance(shipmentId)
    .map((moved) => moved.statusId);
const tomorrow = () => reattemptDatesOf(new Date())[0] ?? '';

describe('a failed delivery attempt', () => {
  it('is reported as 21 UNDELIVERED with the courier’s words, by webhook, tracking and the NDR list', async () => {
    const { shipmentId, awb } = await outForDelivery();
    simulator().raiseNdr(shipmentId, 'Customer not available');
    expect(move(shipmentId)).toEqual([21]);
    await simulator().webhooks.settled();
    const payload = webhooks.at(-1);
    expect(payload).toMatchObject({ awb, current_status_id: 21, shipment_status: 'UNDELIVERED' });
    const now = new Date();
    const fromWebhook = failedAttemptOf(trackingUpdateOfWebhook(TrackingWebhookSchema.parse(payload)), now);
    expect(fromWebhook).toMatchObject({
      attempts: 1,
      reason: 'customer_unavailable',
      remark: 'Customer not available (attempt 1)',
    });
    const fromPoll = failedAttemptOf(trackingUpdateOfReply(await client().trackAwb(awb)), now);
    expect(fromPoll).toMatchObject({ attempts: 1, reason: 'customer_unavailable' });

    const listed = await client().listNdrs();
    expect(listed.data).toHaveLength(1);
    const report = ndrOfListing(listed.data?.[0]);
    expect(report).toMatchObject({ awb, attempts: 1, reason: 'customer_unavailable', actionTaken: null });
    // The courier's deadline for an action: a day after the attempt.
    expect(report?.actionBy?.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(ndrOfListing((await client().getNdr(awb)) ?? {})).toEqual(report);
  });

  it('waits for an action until the deadline, then re-attempts by itself, and returns after the last attempt', async () => {
    const { shipmentId, awb } = await outForDelivery();
    simulator().raiseNdr(shipmentId, 'Customer not available');
    expect(move(shipmentId)).toEqual([21]);
    expect(move(shipmentId)).toEqual([]);
    simulator().expireNdr(shipmentId);
    expect(move(shipmentId)).toEqual([17]);
    for (const attempt of [2, 3]) {
      simulator().raiseNdr(shipmentId, 'Door locked');
      expect(move(shipmentId)).toEqual([21]);
      expect((await client().getNdr(awb))?.attempts).toBe(attempt);
      simulator().expireNdr(shipmentId);
      expect(move(shipmentId)).toEqual(attempt === 3 ? [9] : [17]);
    }
    expect(move(shipmentId)).toEqual([10]);
    expect(await statusOf(awb)).toBe(10);
  });

  it('fails at the configured rate', async () => {
    const { shipmentId } = await outForDelivery();
    simulator().setNdrRate(1);
    expect(move(shipmentId)).toEqual([21]);
    const second = await outForDelivery();
    simulator().setNdrRate(0);
    expect(move(second.shipmentId)).toEqual([7]);
  });
});

describe('an NDR action', () => {
  it('re-attempts on the day asked, with a new phone and address line, then delivers', async () => {
    const { shipmentId, awb } = await outForDelivery();
    simulator().raiseNdr(shipmentId, 'Address incomplete');
    move(shipmentId);
    const input = reattemptActionInput({
      comments: 'Shopper asked for a re-attempt',
      date: tomorrow(),
      phone: '9123456780',
      addressLine: 'Opposite the temple',
    });
    // The recorded shape of Shiprocket's re-attempt body: no pincode field exists.
    expect(input).toEqual({
      action: 're-attempt',
      comments: 'Shopper asked for a re-attempt',
      deferred_date: tomorrow(),
      phone: '9123456780',
      address2: 'Opposite the temple',
    });
    expect(await client().takeNdrAction(awb, input)).toEqual({ alreadyTaken: false });
    const listed = await client().getNdr(awb);
    expect(listed).toMatchObject({ action_taken: 're-attempt', history: [{ deferred_date: tomorrow() }] });
    expect(move(shipmentId)).toEqual([17]);
    expect(move(shipmentId)).toEqual([7]);
  });

  it('returns the parcel on a return', async () => {
    const { shipmentId, awb } = await outForDelivery();
    simulator().raiseNdr(shipmentId, 'Customer refused');
    move(shipmentId);
    expect(returnActionInput('Shopper cancelled')).toEqual({
      action: 'return',
      comments: 'Shopper cancelled',
    });
    await client().takeNdrAction(awb, returnActionInput('Shopper cancelled'));
    expect(move(shipmentId)).toEqual([9]);
    expect(move(shipmentId)).toEqual([10]);
  });

  it('is taken once: the same action again is found taken, another is refused', async () => {
    const { shipmentId, awb } = await outForDelivery();
    simulator().raiseNdr(shipmentId, 'Customer not available');
    move(shipmentId);
    await client().takeNdrAction(awb, returnActionInput('first'));
    expect(await client().takeNdrAction(awb, returnActionInput('again'))).toEqual({ alreadyTaken: true });
    await expect(
      client().takeNdrAction(awb, reattemptActionInput({ comments: 'other', date: tomorrow() })),
    ).rejects.toMatchObject({ kind: 'rejected', message: 'Action has already been taken on this NDR.' });
  });

  it('is refused without comments, with a past day or a bad phone, and past the last attempt', async () => {
    const { shipmentId, awb } = await outForDelivery();
    simulator().raiseNdr(shipmentId, 'Customer not available');
    move(shipmentId);
    const refused = await client()
      .takeNdrAction(awb, { action: 're-attempt', comments: '', deferred_date: '2020-01-01', phone: '12345' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ShiprocketError);
    expect((refused as ShiprocketError).status).toBe(422);
    expect(Object.keys((refused as ShiprocketError).fieldErrors ?? {}).sort()).toEqual([
      'comments',
      'deferred_date',
      'phone',
    ]);
    for (let attempt = 2; attempt <= 3; attempt++) {
      simulator().expireNdr(shipmentId);
      move(shipmentId);
      simulator().raiseNdr(shipmentId, 'Customer not available');
      move(shipmentId);
    }
    await expect(
      client().takeNdrAction(awb, reattemptActionInput({ comments: 'once more', date: tomorrow() })),
    ).rejects.toMatchObject({ message: 'Re-attempt is not allowed after 3 attempts.' });
    await expect(client().takeNdrAction('NO-SUCH-AWB', returnActionInput('x'))).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('the courier’s reasons', () => {
  it.each([
    ['Customer not available', 'customer_unavailable'],
    ['Door locked / premises closed', 'customer_unavailable'],
    ['Address incomplete / incorrect', 'address_issue'],
    ['Customer refused to accept the delivery', 'customer_refused'],
    ['Customer requested future delivery', 'future_delivery'],
    ['Customer phone not reachable', 'phone_unreachable'],
    ['COD amount not ready', 'cod_not_ready'],
    ['Bad weather', 'other'],
    [null, 'other'],
  ])('%s → %s', (remark, reason) => {
    expect(ndrReasonOf(remark)).toBe(reason);
  });
});
