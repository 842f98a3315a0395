import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CancelOrderReply, cancelMessages } from '../../contracts/orders';
import { orders, payments, refunds, shipments, statusHistory } from '../db/schema';
import { jobQueues } from '../job-queues';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import {
  bookShipment,
  newShopper,
  orderRow,
  outboxOf,
  type PaidOrder,
  placePaidOrder,
  queuedJobs,
  razorpaySimulatorOf,
  sendQueuedOrderEmails,
  shiprocketSimulatorOf,
} from '../test/order-helpers';
import { cancelOrder } from './cancel-order';
import { paymentDeps, shippingDeps } from './deps';
import { createShipmentForOrder } from './fulfil-order';
import { refundCancelledOrder, requeueOwedRefunds } from './refunds';

let app: TestApp;
beforeAll(async () => {
  // No workers: the tests run the queued jobs themselves, and no shipment is booked behind their back.
  app = await buildTestApp({ authRateLimitMax: 1000, jobWorkers: false });
});
afterAll(() => app.closeAndDrop());
beforeEach(() => {
  razorpaySimulatorOf(app).reset();
  shiprocketSimulatorOf(app).reset();
});

const REFUNDED_339 =
  'Your order has been cancelled and ₹339 has been refunded to your original payment method. Refunds take 6-8 days to reach your account.';

function cancel(order: Pick<PaidOrder, 'orderId' | 'shopper'>, headers = order.shopper.headers) {
  return app.inject({ method: 'POST', url: `/api/orders/cancel/${order.orderId}`, headers });
}

async function refundRows(orderId: string) {
  return app.db
    .select({
      razorpayRefundId: refunds.razorpayRefundId,
      amountPaise: refunds.amountPaise,
      status: refunds.status,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(payments.orderId, orderId));
}

/** Refunds Razorpay made for the payment: one refund.processed webhook each (replays send none). */
function razorpayRefundsOf(paymentId: string): string[] {
  const ids = razorpaySimulatorOf(app)
    .webhooks.sent()
    .filter((delivery) => delivery.event === 'refund.processed')
    .map((delivery) => JSON.parse(delivery.body).payload.refund.entity)
    .filter((refund: { payment_id: string }) => refund.payment_id === paymentId)
    .map((refund: { id: string }) => refund.id);
  return [...new Set(ids)];
}

async function orderChanges(orderId: string, field: string) {
  const rows = await app.db
    .select({ from: statusHistory.fromValue, to: statusHistory.toValue, source: statusHistory.source })
    .from(statusHistory)
    .where(and(eq(statusHistory.entityId, orderId), eq(statusHistory.field, field)));
  return rows;
}

/** What must hold after a refused cancel: the order is as it was and no money moved. */
async function expectUntouched(paid: PaidOrder) {
  const row = await orderRow(app, paid.orderId);
  expect(row.status).not.toBe('cancelled');
  expect(row.paymentStatus).toBe('paid');
  expect(await refundRows(paid.orderId)).toEqual([]);
  expect((await app.razorpay.client.fetchPayment(paid.paymentId)).amount_refunded).toBe(0);
  expect(await queuedJobs(app, jobQueues.refundCancelledOrder, paid.orderId)).toEqual([]);
  expect((await queuedJobs(app, jobQueues.sendOrderEmail, paid.orderId)).map((job) => job.data.kind)).toEqual(
    ['confirmed'],
  );
}

describe('POST /api/orders/cancel/{id} before pickup', () => {
  it('stops the parcel, cancels and refunds in full exactly once when clicked twice at once', async () => {
    const paid = await placePaidOrder(app);
    const { shipment } = await bookShipment(app, paid.orderId, 'pickup_scheduled');

    const replies = await Promise.all([cancel(paid), cancel(paid)]);
    for (const reply of replies) {
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json<CancelOrderReply>()).toMatchObject({
        success: true,
        message: REFUNDED_339,
        order: {
          orderId: paid.orderId,
          status: 'cancelled',
          paymentStatus: 'refunded',
          refundStatus: 'processed',
          refundedPaise: 33_900,
          shipment: { stage: 'cancelled' },
        },
      });
    }

    const rows = await refundRows(paid.orderId);
    expect(rows).toMatchObject([{ amountPaise: 33_900, status: 'processed' }]);
    await razorpaySimulatorOf(app).webhooks.settled();
    expect(razorpayRefundsOf(paid.paymentId)).toEqual([rows[0]?.razorpayRefundId]);
    expect(await app.razorpay.client.fetchPayment(paid.paymentId)).toMatchObject({
      status: 'refunded',
      amount_refunded: 33_900,
    });
    expect(await app.shiprocket.client.findOrder(paid.orderId)).toMatchObject({
      status: 'CANCELLED',
      status_code: 8,
    });
    const [stored] = await app.db.select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(stored?.stage).toBe('cancelled');

    expect(await orderChanges(paid.orderId, 'status')).toContainEqual({
      from: 'confirmed',
      to: 'cancelled',
      source: 'shopper',
    });
    expect((await orderChanges(paid.orderId, 'status')).filter((c) => c.to === 'cancelled')).toHaveLength(1);
    expect(
      (await orderChanges(paid.orderId, 'paymentStatus')).filter((c) => c.to === 'refunded'),
    ).toHaveLength(1);
    // One cancellation: one e-mail of each kind and one refund job, whichever click got there first.
    expect(
      (await queuedJobs(app, jobQueues.sendOrderEmail, paid.orderId)).map((job) => job.data.kind),
    ).toEqual(['confirmed', 'cancelled', 'refunded']);
    expect(await queuedJobs(app, jobQueues.refundCancelledOrder, paid.orderId)).toHaveLength(1);

    // A third click later: the same answer, and still one refund.
    const again = await cancel(paid);
    expect(again.statusCode).toBe(200);
    expect(again.json<CancelOrderReply>().message).toBe(REFUNDED_339);
    expect(await refundRows(paid.orderId)).toHaveLength(1);
    expect(razorpayRefundsOf(paid.paymentId)).toHaveLength(1);
  });

  it('cancels an order not yet handed to Shiprocket, and the shipment job then books nothing', async () => {
    const paid = await placePaidOrder(app, { lines: [{ id: 4, quantity: 2 }] });
    const reply = await cancel(paid);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<CancelOrderReply>()).toMatchObject({
      message:
        'Your order has been cancelled and ₹1,198 has been refunded to your original payment method. Refunds take 6-8 days to reach your account.',
      order: { status: 'cancelled', paymentStatus: 'refunded', refundedPaise: 119_800, shipment: null },
    });

    // The shipment job queued when the order was paid runs after the cancellation.
    expect(await queuedJobs(app, jobQueues.createShipment, paid.orderId)).toHaveLength(1);
    await createShipmentForOrder(shippingDeps(app), { orderId: paid.orderId });
    expect(await app.db.select().from(shipments).where(eq(shipments.orderId, paid.orderId))).toEqual([]);
    expect(await app.shiprocket.client.findOrder(paid.orderId)).toBeUndefined();
  });

  it('e-mails the cancellation with the refund amount and timing, then the processed refund', async () => {
    const paid = await placePaidOrder(app);
    expect((await cancel(paid)).statusCode).toBe(200);
    await razorpaySimulatorOf(app).webhooks.settled();

    // Queued with the changes themselves; the refund.processed webhook of the same refund adds nothing.
    expect(await sendQueuedOrderEmails(app, paid.orderId)).toEqual(['confirmed', 'cancelled', 'refunded']);
    const [refunded, cancelled] = await outboxOf(app, paid.shopper.email);
    const number = `OM-${paid.orderId.slice(0, 8).toUpperCase()}`;
    expect(cancelled?.subject).toBe(`Your order ${number} is cancelled`);
    expect(cancelled?.body).toContain(
      'We are refunding ₹339 to your original payment method. Refunds take 6-8 days to reach your account',
    );
    expect(refunded?.subject).toBe(`Your refund for order ${number} is processed`);
    expect(refunded?.body).toContain(`We have refunded ₹339 for your order ${number}`);
    expect(refunded?.body).toContain('Refunds take 6-8 days to reach your account');
  });

  it('shows a refund Razorpay reports pending until its refund.processed webhook arrives', async () => {
    const paid = await placePaidOrder(app);
    const simulator = razorpaySimulatorOf(app);
    simulator.webhooks.hold();
    const real = app.razorpay.client;
    const deps = paymentDeps(app);
    // Razorpay often answers a new normal refund as pending; the simulator processes at once.
    const outcome = await cancelOrder(
      {
        ...deps,
        razorpay: {
          ...deps.razorpay,
          client: {
            ...real,
            refundPayment: async (...args) => ({ ...(await real.refundPayment(...args)), status: 'pending' }),
          },
        },
        shiprocket: app.shiprocket.client,
      },
      paid.shopper.userId,
      paid.orderId,
    );
    expect(outcome.message).toBe(
      'Your order has been cancelled. Your refund of ₹339 has been started; refunds take 6-8 days to reach your account.',
    );
    expect(outcome.order).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'paid',
      refundStatus: 'pending',
    });
    // The refund job finds the refund under way and asks Razorpay for nothing more.
    expect(await refundCancelledOrder(deps, paid.orderId, 'system')).toBe('pending');

    simulator.webhooks.release();
    await simulator.webhooks.settled();
    expect(await orderRow(app, paid.orderId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
    });
    expect(await refundRows(paid.orderId)).toMatchObject([{ status: 'processed', amountPaise: 33_900 }]);
    expect(
      (await queuedJobs(app, jobQueues.sendOrderEmail, paid.orderId)).map((job) => job.data.kind),
    ).toEqual(['confirmed', 'cancelled', 'refunded']);
  });
});

describe('POST /api/orders/cancel/{id} after pickup', () => {
  it('refuses with the reason once our tracking says the parcel is picked up, and changes nothing', async () => {
    const paid = await placePaidOrder(app);
    const { shipment } = await bookShipment(app, paid.orderId);
    await app.db.update(shipments).set({ stage: 'picked_up' }).where(eq(shipments.id, shipment.id));

    const reply = await cancel(paid);
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual({ message: cancelMessages.afterPickup });
    expect(cancelMessages.afterPickup).toBe(
      'This order has already been picked up by the courier and can no longer be cancelled.',
    );
    await expectUntouched(paid);
    expect((await app.shiprocket.client.findOrder(paid.orderId))?.status).toBe('PICKUP SCHEDULED');
  });

  it('refuses when Shiprocket has the parcel picked up before our tracking heard of it', async () => {
    const paid = await placePaidOrder(app);
    const { shiprocketShipmentId } = await bookShipment(app, paid.orderId);
    const simulator = shiprocketSimulatorOf(app);
    simulator.webhooks.hold();
    simulator.advance(shiprocketShipmentId);
    expect(simulator.advance(shiprocketShipmentId)).toMatchObject([{ statusId: 42 }]);

    const reply = await cancel(paid);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe(cancelMessages.afterPickup);
    await expectUntouched(paid);
  });

  it('refuses a delivered order', async () => {
    const paid = await placePaidOrder(app);
    await app.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, paid.orderId));
    const reply = await cancel(paid);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe(cancelMessages.afterPickup);
    expect((await orderRow(app, paid.orderId)).status).toBe('delivered');
    expect(await refundRows(paid.orderId)).toEqual([]);
  });
});

describe('POST /api/orders/cancel/{id} when a provider fails', () => {
  it('changes nothing when Shiprocket cannot be reached', async () => {
    const paid = await placePaidOrder(app);
    await bookShipment(app, paid.orderId);
    shiprocketSimulatorOf(app).failApi('unavailable');
    const reply = await cancel(paid);
    shiprocketSimulatorOf(app).restoreApi();
    expect(reply.statusCode).toBe(502);
    expect(reply.json().message).toBe(
      'We could not reach the courier to stop your parcel. Please try again in a few minutes.',
    );
    await expectUntouched(paid);
  });

  it('keeps the refund owed while Razorpay is down, and the refund job pays it once later', async () => {
    const paid = await placePaidOrder(app);
    razorpaySimulatorOf(app).failApi('unavailable');
    const reply = await cancel(paid);
    expect(reply.statusCode).toBe(502);
    expect(reply.json().message).toBe(
      'Your order is cancelled, but we could not start your refund just now. We will retry it automatically and e-mail you once it is processed.',
    );
    // Cancelled, never shown as refunded: the money is owed and the job to pay it is queued with the change.
    const view = await app.inject({
      method: 'GET',
      url: `/api/orders/${paid.orderId}`,
      headers: paid.shopper.headers,
    });
    expect(view.json().order).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'paid',
      refundStatus: 'scheduled',
      refundedPaise: 0,
    });
    expect(await refundRows(paid.orderId)).toEqual([]);
    const [job] = await queuedJobs(app, jobQueues.refundCancelledOrder, paid.orderId);
    expect(job).toMatchObject({ data: { orderId: paid.orderId }, state: 'created', delayed: true });

    // Still down: the job fails, and pg-boss retries it with backoff.
    await expect(refundCancelledOrder(paymentDeps(app), paid.orderId, 'system')).rejects.toMatchObject({
      kind: 'unavailable',
    });
    razorpaySimulatorOf(app).restoreApi();
    expect(await refundCancelledOrder(paymentDeps(app), paid.orderId, 'system')).toBe('processed');
    expect(await orderRow(app, paid.orderId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
    });

    // The shopper clicks again: the same final answer, and the job running late refunds nothing more.
    const again = await cancel(paid);
    expect(again.statusCode).toBe(200);
    expect(again.json<CancelOrderReply>().message).toBe(REFUNDED_339);
    expect(await refundCancelledOrder(paymentDeps(app), paid.orderId, 'system')).toBe('nothing_owed');
    expect(await refundRows(paid.orderId)).toHaveLength(1);
    await razorpaySimulatorOf(app).webhooks.settled();
    expect(razorpayRefundsOf(paid.paymentId)).toHaveLength(1);
  });
});

describe('the owed-refund sweep', () => {
  it('queues the refund again for a cancelled order whose refund job gave up, once, and the job pays it', async () => {
    const paid = await placePaidOrder(app);
    razorpaySimulatorOf(app).failApi('unavailable');
    expect((await cancel(paid)).statusCode).toBe(502);
    razorpaySimulatorOf(app).restoreApi();
    // pg-boss spent the job's retries: its rows are gone, and the cancellation is an hour old.
    await app.db.execute(sql`delete from pgboss.job where data->>'orderId' = ${paid.orderId}`);
    await app.db
      .update(orders)
      .set({ updatedAt: sql`now() - interval '1 hour'` })
      .where(eq(orders.id, paid.orderId));
    const fresh = await placePaidOrder(app);

    const [first, second] = await Promise.all([
      requeueOwedRefunds(paymentDeps(app)),
      requeueOwedRefunds(paymentDeps(app)),
    ]);
    expect(first + second).toBe(1);
    expect(await requeueOwedRefunds(paymentDeps(app))).toBe(0);
    expect(await queuedJobs(app, jobQueues.refundCancelledOrder, paid.orderId)).toHaveLength(1);
    expect(await queuedJobs(app, jobQueues.refundCancelledOrder, fresh.orderId)).toEqual([]);

    expect(await refundCancelledOrder(paymentDeps(app), paid.orderId, 'system')).toBe('processed');
    expect(await orderRow(app, paid.orderId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
    });
    await app.db.execute(sql`delete from pgboss.job where data->>'orderId' = ${paid.orderId}`);
    expect(await requeueOwedRefunds(paymentDeps(app))).toBe(0);
  });
});

describe('POST /api/orders/cancel/{id} for unpaid orders', () => {
  it('cancels an unpaid checkout without any refund or e-mail', async () => {
    const shopper = await newShopper(app);
    const placed = await shopper.placeOrder();
    const reply = await cancel({ orderId: placed.orderId, shopper });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<CancelOrderReply>()).toMatchObject({
      message: 'Your order has been cancelled.',
      order: { status: 'cancelled', paymentStatus: 'pending', refundStatus: null, refundedPaise: 0 },
    });
    expect(await queuedJobs(app, jobQueues.refundCancelledOrder, placed.orderId)).toEqual([]);
    expect(await queuedJobs(app, jobQueues.sendOrderEmail, placed.orderId)).toEqual([]);
  });

  it('refunds an order whose payment went through a moment before the cancel', async () => {
    const shopper = await newShopper(app);
    const placed = await shopper.placeOrder();
    // Paid in the window, but neither the browser nor a webhook has told us yet.
    razorpaySimulatorOf(app).webhooks.hold();
    const success = razorpaySimulatorOf(app).completePayment(placed.id);
    const reply = await cancel({ orderId: placed.orderId, shopper });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<CancelOrderReply>()).toMatchObject({
      message: REFUNDED_339,
      order: { status: 'cancelled', paymentStatus: 'refunded', paymentId: success.razorpay_payment_id },
    });
  });
});

describe("the order's canCancel", () => {
  async function canCancel(order: Pick<PaidOrder, 'orderId' | 'shopper'>) {
    const one = await app.inject({
      method: 'GET',
      url: `/api/orders/${order.orderId}`,
      headers: order.shopper.headers,
    });
    const mine = await app.inject({
      method: 'GET',
      url: '/api/orders/my-orders-with-shipment',
      headers: order.shopper.headers,
    });
    const listed = mine
      .json<{ orders: { orderId: string; canCancel: boolean }[] }>()
      .orders.find((entry) => entry.orderId === order.orderId);
    // My Orders and the order itself say the same.
    expect(listed?.canCancel).toBe(one.json().order.canCancel);
    return one.json<{ order: { canCancel: boolean } }>().order.canCancel;
  }

  it('is true while the cancel is accepted, false once the courier has the parcel', async () => {
    const paid = await placePaidOrder(app);
    expect(await canCancel(paid)).toBe(true);
    const { shiprocketShipmentId } = await bookShipment(app, paid.orderId, 'pickup_scheduled');
    expect(await canCancel(paid)).toBe(true);

    // Out for pickup, then picked up: each move reaches us by its tracking webhook.
    const simulator = shiprocketSimulatorOf(app);
    simulator.advance(shiprocketShipmentId);
    await simulator.webhooks.settled();
    expect(await canCancel(paid)).toBe(true);
    expect(simulator.advance(shiprocketShipmentId)).toMatchObject([{ statusId: 42 }]);
    await simulator.webhooks.settled();
    expect((await orderRow(app, paid.orderId)).status).toBe('shipped');
    expect(await canCancel(paid)).toBe(false);
    expect((await cancel(paid)).statusCode).toBe(409);
  });

  it('is false once the order is cancelled', async () => {
    const paid = await placePaidOrder(app);
    const reply = await cancel(paid);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<CancelOrderReply>().order).toMatchObject({ status: 'cancelled', canCancel: false });
    expect(await canCancel(paid)).toBe(false);
  });
});

describe('POST /api/orders/cancel/{id} access', () => {
  it("answers 404 for another shopper's order and for a malformed id, and 401 without a session", async () => {
    const paid = await placePaidOrder(app);
    const ravi = await newShopper(app, []);
    const stolen = await cancel(paid, ravi.headers);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ message: 'Order not found' });
    await expectUntouched(paid);

    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', "1' or '1'='1"]) {
      const reply = await cancel({ orderId: encodeURIComponent(id), shopper: paid.shopper });
      expect(reply.statusCode, id).toBe(404);
      expect(reply.json()).toEqual({ message: 'Order not found' });
    }
    const anonymous = await app.inject({ method: 'POST', url: `/api/orders/cancel/${paid.orderId}` });
    expect(anonymous.statusCode).toBe(401);
    await expectUntouched(paid);
  });
});
