import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderConfirmation } from '../../contracts/orders';
import { orderAttention, payments, refunds, shipments } from '../db/schema';
import { jobQueues } from '../job-queues';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import {
  newShopper,
  orderRow,
  outboxOf,
  placePaidOrder,
  queuedJobs,
  razorpaySimulatorOf,
  sendQueuedOrderEmails,
} from '../test/order-helpers';
import { confirmPaidOrder } from './confirm-payment';
import { paymentDeps, shippingDeps } from './deps';
import { createShipmentForOrder, requeueUnshippedOrders } from './fulfil-order';
import { reconcilePendingOrders } from './reconcile-payments';
import { refundStrayPayment, requeueStrayRefunds, settleStalePendingRefunds } from './refunds';
import { applyTrackingUpdate } from './tracking';

// The loose ends of the money and parcel flows: what the sweeps recover when a webhook or a job was lost,
// and what the lifecycle does with scans that arrive late.

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ jobWorkers: false });
});
afterAll(() => app.closeAndDrop());
beforeEach(() => razorpaySimulatorOf(app).reset());

async function cancel(orderId: string, headers: Record<string, string>) {
  const response = await app.inject({ method: 'POST', url: `/api/orders/cancel/${orderId}`, headers });
  expect(response.statusCode, response.body).toBe(200);
}

describe('a refund whose webhook was lost', () => {
  it('is asked about by the sweep once it has been pending a while, and settled', async () => {
    razorpaySimulatorOf(app).setRefundMode('pending');
    const paid = await placePaidOrder(app);
    await cancel(paid.orderId, paid.shopper.headers);
    const [refund] = await app.db
      .select()
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.orderId, paid.orderId));
    expect(refund?.refunds.status).toBe('pending');
    razorpaySimulatorOf(app).settleRefund(refund?.refunds.razorpayRefundId ?? '', 'processed', {
      webhook: false,
    });

    // Too fresh: Razorpay is still given time to say so itself.
    expect(await settleStalePendingRefunds(paymentDeps(app))).toBe(0);
    await app.db.execute(sql`update refunds set updated_at = now() - interval '2 hours'`);
    expect(await settleStalePendingRefunds(paymentDeps(app))).toBe(1);

    expect(await orderRow(app, paid.orderId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
    });
    const [settled] = await app.db
      .select()
      .from(refunds)
      .where(eq(refunds.id, refund?.refunds.id ?? ''));
    expect(settled?.status).toBe('processed');
    expect(
      (await queuedJobs(app, jobQueues.sendOrderEmail, paid.orderId)).map((job) => job.data.kind),
    ).toEqual(['confirmed', 'cancelled', 'refunded']);
  });
});

describe('a second payment whose refund job gave up', () => {
  it('is queued again by the sweep, once, and refunded', async () => {
    const simulator = razorpaySimulatorOf(app);
    simulator.setCaptureMode('manual');
    simulator.webhooks.hold();
    const shopper = await newShopper(app);
    const placed = await shopper.placeOrder();
    const first = simulator.completePayment(placed.id);
    const second = simulator.completePayment(placed.id);
    const reported = await app.inject({
      method: 'POST',
      url: '/api/orders/create-with-payment',
      headers: shopper.headers,
      payload: first,
    });
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reported.json<OrderConfirmation>().orderId).toBe(placed.orderId);
    const captured = await app.razorpay.client.capturePayment(
      second.razorpay_payment_id,
      placed.amount,
      'INR',
    );
    await confirmPaidOrder(paymentDeps(app), {
      orderId: placed.orderId,
      payment: captured,
      source: 'webhook',
    });
    const [stray] = await app.db
      .select()
      .from(payments)
      .where(eq(payments.razorpayPaymentId, second.razorpay_payment_id));
    if (!stray) throw new Error('the second payment was not recorded');
    const openFlags = async () =>
      (
        await app.db
          .select({ reason: orderAttention.reason })
          .from(orderAttention)
          .where(and(eq(orderAttention.orderId, placed.orderId), isNull(orderAttention.resolvedAt)))
      ).map((row) => row.reason);
    expect(await openFlags()).toEqual(['second_payment']);

    // pg-boss gave the job up after its retries.
    await app.db.execute(
      sql`update pgboss.job set state = 'failed' where name = ${jobQueues.refundStrayPayment}`,
    );
    await app.db.execute(
      sql`update payments set updated_at = now() - interval '1 hour' where id = ${stray.id}`,
    );
    expect(await requeueStrayRefunds(paymentDeps(app))).toBe(1);
    expect(await requeueStrayRefunds(paymentDeps(app))).toBe(0);

    const live = (await app.db.execute(
      sql`select data->>'paymentId' as "paymentId" from pgboss.job
          where name = ${jobQueues.refundStrayPayment} and state = 'created'`,
    )) as unknown as { rows: { paymentId: string }[] };
    expect(live.rows).toEqual([{ paymentId: stray.id }]);
    await refundStrayPayment(paymentDeps(app), { paymentId: stray.id });
    expect((await app.razorpay.client.fetchPayment(second.razorpay_payment_id)).status).toBe('refunded');
    expect(await openFlags()).toEqual([]);
    expect(await requeueStrayRefunds(paymentDeps(app))).toBe(0);
    expect(await orderRow(app, placed.orderId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });
});

describe('the payment reconciler', () => {
  it('reaches a paid checkout behind 10,000 abandoned ones, asking the longest-unasked first', async () => {
    const shopper = await newShopper(app);
    // Checkouts left at create-order whose Razorpay order never came back: pending, asked about for nothing.
    await app.db.execute(sql`
      insert into orders (id, user_id, mrp_paise, subtotal_paise, discount_paise, shipping_paise, tax_paise,
        total_paise, cart_fingerprint, contact, shipping_address, billing_address, created_at)
      select gen_random_uuid(), ${shopper.userId}, 39900, 23900, 16000, 10000, 0, 33900, 'abandoned',
        '{"name":"A","email":"a@example.in","phone":""}', '{}', '{}', now() - interval '5 minutes'
      from generate_series(1, 10000)`);
    simulator().webhooks.hold();
    const placed = await shopper.placeOrder();
    simulator().completePayment(placed.id);
    await app.db.execute(
      sql`update orders set created_at = now() - interval '3 minutes' where id = ${placed.orderId}`,
    );

    let runs = 0;
    while ((await orderRow(app, placed.orderId)).paymentStatus !== 'paid' && runs < 12) {
      await reconcilePendingOrders(paymentDeps(app), { batchSize: 1000 });
      runs += 1;
    }
    expect(await orderRow(app, placed.orderId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(runs).toBeLessThanOrEqual(11);
  });

  function simulator() {
    return razorpaySimulatorOf(app);
  }
});

async function bookedOrder() {
  const paid = await placePaidOrder(app);
  await createShipmentForOrder(shippingDeps(app), { orderId: paid.orderId });
  const [shipment] = await app.db.select().from(shipments).where(eq(shipments.orderId, paid.orderId));
  if (!shipment) throw new Error('the shipment job stored no shipment');
  return { ...paid, shipment };
}

const scan = (statusId: number, status: string, minutesAgo: number) => ({
  occurredAt: new Date(Date.now() - minutesAgo * 60_000),
  statusId,
  status,
  activity: status,
  location: 'Bengaluru',
  raw: {},
});

describe('a parcel the courier cancels', () => {
  it('flags the paid order for the owner instead of leaving it to a log line', async () => {
    const { orderId, shipment } = await bookedOrder();
    await applyTrackingUpdate(
      shippingDeps(app),
      shipment.id,
      { statusId: 8, statusLabel: 'CANCELED', scans: [scan(8, 'CANCELED', 0)] },
      'webhook',
    );
    expect(await orderRow(app, orderId)).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    const flags = await app.db.select().from(orderAttention).where(eq(orderAttention.orderId, orderId));
    expect(flags.map((flag) => [flag.reason, flag.resolvedAt])).toEqual([
      ['parcel_cancelled_by_courier', null],
    ]);

    // Reported again (a webhook and a poll), it is still one open flag.
    await applyTrackingUpdate(shippingDeps(app), shipment.id, { statusId: 8, scans: [] }, 'system');
    expect(
      await app.db.select().from(orderAttention).where(eq(orderAttention.orderId, orderId)),
    ).toHaveLength(1);
  });
});

describe('a paid order whose parcel is still not booked', () => {
  it('is flagged by the shipment sweep, and leaves the list once the parcel is booked', async () => {
    const paid = await placePaidOrder(app);
    await app.db.execute(
      sql`update orders set paid_at = now() - interval '1 hour' where id = ${paid.orderId}`,
    );
    // The first job gave up.
    await app.db.execute(
      sql`update pgboss.job set state = 'failed' where name = ${jobQueues.createShipment}`,
    );
    expect(await requeueUnshippedOrders(shippingDeps(app))).toBe(1);
    const open = () =>
      app.db
        .select({ reason: orderAttention.reason, resolvedAt: orderAttention.resolvedAt })
        .from(orderAttention)
        .where(eq(orderAttention.orderId, paid.orderId));
    expect(await open()).toEqual([{ reason: 'shipment_not_booked', resolvedAt: null }]);

    await createShipmentForOrder(shippingDeps(app), { orderId: paid.orderId });
    expect((await open()).map((flag) => flag.resolvedAt)).toEqual([expect.any(Date)]);
  });
});

describe('scans that arrive out of order', () => {
  it('never move the order back and never send a stale e-mail', async () => {
    const { orderId, shipment, shopper } = await bookedOrder();
    await applyTrackingUpdate(
      shippingDeps(app),
      shipment.id,
      { statusId: 6, scans: [scan(6, 'IN TRANSIT', 30)] },
      'webhook',
    );
    await applyTrackingUpdate(
      shippingDeps(app),
      shipment.id,
      { statusId: 7, scans: [scan(7, 'DELIVERED', 5)] },
      'webhook',
    );
    // Late: an in-transit scan from before, and a stray cancellation of a parcel already delivered.
    await applyTrackingUpdate(
      shippingDeps(app),
      shipment.id,
      { statusId: 18, scans: [scan(18, 'IN TRANSIT', 20)] },
      'webhook',
    );
    await applyTrackingUpdate(shippingDeps(app), shipment.id, { statusId: 8, scans: [] }, 'webhook');

    const [parcel] = await app.db.select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(parcel?.stage).toBe('delivered');
    expect((await orderRow(app, orderId)).status).toBe('delivered');
    expect(await app.db.select().from(orderAttention).where(eq(orderAttention.orderId, orderId))).toEqual([]);

    // The 'on its way' e-mail's job ran late, after the parcel arrived: only 'delivered' reaches the shopper.
    await sendQueuedOrderEmails(app, orderId);
    const subjects = (await outboxOf(app, shopper.email)).map((message) => message.subject);
    expect(subjects.some((subject) => subject.includes('has been delivered'))).toBe(true);
    expect(subjects.some((subject) => subject.includes('is on its way'))).toBe(false);
  });
});

describe('a shopper who cancels a checkout the reconciler gave up on', () => {
  it('gets money that arrives later back, and the order never ships', async () => {
    const simulator = razorpaySimulatorOf(app);
    simulator.webhooks.hold();
    const shopper = await newShopper(app);
    const placed = await shopper.placeOrder();
    await app.db.execute(
      sql`update orders set created_at = now() - interval '25 hours' where id = ${placed.orderId}`,
    );
    await reconcilePendingOrders(paymentDeps(app), { olderThanMs: 0 });
    expect(await orderRow(app, placed.orderId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'failed',
    });
    await cancel(placed.orderId, shopper.headers);

    const paidLate = simulator.completePayment(placed.id);
    const payment = await app.razorpay.client.fetchPayment(paidLate.razorpay_payment_id);
    await confirmPaidOrder(paymentDeps(app), { orderId: placed.orderId, payment, source: 'webhook' });
    expect(await orderRow(app, placed.orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });
    expect(await queuedJobs(app, jobQueues.createShipment, placed.orderId)).toEqual([]);
    expect(await queuedJobs(app, jobQueues.refundCancelledOrder, placed.orderId)).toHaveLength(1);
  });
});
