import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order, OrderConfirmation } from '../../../contracts/orders';
import { orders, payments, refunds, statusHistory, users, webhookEvents } from '../../db/schema';
import { paymentDeps } from '../../flows/deps';
import { reconcilePendingOrders } from '../../flows/reconcile-payments';
import { refundCancelledOrder, refundStrayPayment } from '../../flows/refunds';
import type { JobQueue } from '../../job-queues';
import { sendOrderEmail } from '../../modules/orders/order-email';
import type { RazorpayPayment, RazorpayWebhookEvent } from '../../providers/razorpay/types';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  type CartLines,
  newShopper,
  razorpaySimulatorOf,
  jobsOf as sharedJobsOf,
  orderRow as sharedOrderRow,
} from '../../test/order-helpers';

let app: TestApp;
beforeAll(async () => {
  // The reconciler is called by the tests themselves, not on its schedule.
  app = await buildTestApp({ authRateLimitMax: 1000, jobWorkers: false });
});
afterAll(() => app.closeAndDrop());
beforeEach(() => {
  simulator().reset();
});

// The shared order helpers, bound to this file's app.
const simulator = () => razorpaySimulatorOf(app);
const shopper = (lines?: CartLines) => newShopper(app, lines);
const orderRow = (orderId: string) => sharedOrderRow(app, orderId);
const jobsOf = (queue: JobQueue, key: 'orderId' | 'paymentId', value: string) =>
  sharedJobsOf(app, queue, key, value);

async function paymentRows(orderId: string) {
  return app.db.select().from(payments).where(eq(payments.orderId, orderId));
}

async function countOrders(userId: string) {
  const rows = await app.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
  return rows.length;
}

async function shipmentJobs(orderId: string): Promise<number> {
  const result = (await app.db.execute(
    sql`select count(*)::int as count from pgboss.job where name = 'shipment.create' and data->>'orderId' = ${orderId}`,
  )) as unknown as { rows: { count: number }[] };
  return result.rows[0]?.count ?? 0;
}

async function paidTransitions(orderId: string): Promise<number> {
  const rows = await app.db
    .select({ id: statusHistory.id })
    .from(statusHistory)
    .where(
      and(
        eq(statusHistory.entityId, orderId),
        eq(statusHistory.field, 'paymentStatus'),
        eq(statusHistory.toValue, 'paid'),
      ),
    );
  return rows.length;
}

/** A webhook exactly as Razorpay would send it for this payment, signed with our webhook secret. */
function signedEvent(
  event: string,
  payment: RazorpayPayment,
  eventId = `evt_${randomBytes(7).toString('hex')}`,
) {
  const body: RazorpayWebhookEvent = {
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: ['payment'],
    payload: { payment: { entity: payment } },
    created_at: Math.floor(Date.now() / 1000),
  };
  const raw = JSON.stringify(body);
  const signature = createHmac('sha256', app.razorpay.webhookSecret).update(raw).digest('hex');
  // Another event id may be given: the header is not signed, so anyone can change it.
  return (id = eventId) =>
    app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signature,
        'x-razorpay-event-id': id,
      },
      payload: raw,
    });
}

async function expectPaidOnce(orderId: string, paymentId: string) {
  const order = await orderRow(orderId);
  expect(order.paymentStatus).toBe('paid');
  expect(order.status).toBe('confirmed');
  const rows = await paymentRows(orderId);
  expect(rows.map((row) => [row.razorpayPaymentId, row.status])).toEqual([[paymentId, 'captured']]);
  expect(await paidTransitions(orderId)).toBe(1);
  expect(await shipmentJobs(orderId)).toBe(1);
}

describe('POST /api/payment/create-order', () => {
  it('prices the cart on the server and creates the Razorpay order with our id as receipt', async () => {
    const asha = await shopper([{ id: 1, quantity: 1 }]);
    // A price the client claims is never read (only the amount it expects, to catch a changed cart).
    const placed = await asha.placeOrder({ amount: 33_900, currency: 'INR', orderTotal: 1, orderItems: [] });
    expect(placed).toMatchObject({ amount: 33_900, currency: 'INR', key: simulator().keyId });
    expect(placed.id).toMatch(/^order_/);

    const razorpayOrder = await app.razorpay.client.fetchOrder(placed.id);
    expect(razorpayOrder).toMatchObject({
      amount: 33_900,
      currency: 'INR',
      receipt: placed.orderId,
      status: 'created',
    });
    expect(await orderRow(placed.orderId)).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      subtotalPaise: 23_900,
      shippingPaise: 10_000,
      totalPaise: 33_900,
      razorpayOrderId: placed.id,
    });
  });

  it('reuses the pending order for the same cart, and makes a new one when the cart changes', async () => {
    const asha = await shopper([{ id: 4, quantity: 2 }]);
    const first = await asha.placeOrder();
    const again = await asha.placeOrder();
    expect(again).toEqual(first);
    expect(first.amount).toBe(119_800);

    await asha.setCart([{ id: 4, quantity: 1 }]);
    const changed = await asha.placeOrder();
    expect(changed.orderId).not.toBe(first.orderId);
    expect(changed.amount).toBe(59_900 + 7_500);

    // Back to the first cart: its checkout, still inside the hold, is the one reused.
    await asha.setCart([{ id: 4, quantity: 2 }]);
    expect(await asha.placeOrder()).toEqual(first);
  });

  it('refuses an empty cart and an incomplete profile with the spec messages', async () => {
    const empty = await shopper([]);
    const response = await empty.createOrder();
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Your cart is empty. Please add items before placing order.');

    const noAddress = await shopper();
    await app.db.update(users).set({ pincode: '' }).where(eq(users.id, noAddress.userId));
    const refused = await noAddress.createOrder();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Please complete your profile with address details before placing order.',
    );
    expect(await countOrders(noAddress.userId)).toBe(0);
  });

  it('refuses an amount that is not the cart total, and creates nothing', async () => {
    const asha = await shopper([{ id: 1, quantity: 1 }]);
    const response = await asha.createOrder({ amount: 100 });
    expect(response.statusCode).toBe(409);
    expect(await countOrders(asha.userId)).toBe(0);
  });

  it('answers "Failed to initialize payment" and leaves no order when Razorpay is down', async () => {
    const asha = await shopper();
    simulator().failApi('unavailable');
    const response = await asha.createOrder();
    simulator().restoreApi();
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe('Failed to initialize payment. Please try again.');
    expect(await countOrders(asha.userId)).toBe(0);
  });

  it('needs a session', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/payment/create-order', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/orders/create-with-payment', () => {
  it('verifies the payment with Razorpay, confirms the order, empties the cart and queues the shipment', async () => {
    const asha = await shopper([{ id: 1, quantity: 1 }]);
    const placed = await asha.placeOrder();
    const success = await simulator().completePayment(placed.id);

    const response = await asha.reportPayment({ ...success, orderItems: [], total: 1 });
    expect(response.statusCode, response.body).toBe(200);
    const confirmation = response.json<OrderConfirmation>();
    expect(confirmation).toMatchObject({
      success: true,
      orderId: placed.orderId,
      paymentId: success.razorpay_payment_id,
      shiprocketOrderId: null,
      hasTracking: false,
      order: { status: 'confirmed', paymentStatus: 'paid', totalPaise: 33_900, paymentMethod: 'Online' },
    });
    expect(confirmation.order.items).toMatchObject([
      {
        productId: 1,
        title: 'Face Mitt',
        quantity: 1,
        unitPricePaise: 23_900,
        unitMrpPaise: 39_900,
        size: 'M',
      },
    ]);
    await expectPaidOnce(placed.orderId, success.razorpay_payment_id);
    expect(await asha.cart()).toEqual([]);
    expect((await asha.myOrders()).map((order) => order.orderId)).toEqual([placed.orderId]);

    // The confirmation e-mail is the queued job's work.
    await sendOrderEmail(
      app.db,
      app.notifier,
      { orderId: placed.orderId, kind: 'confirmed' },
      app.config.publicUrl,
    );
    const outbox = await app.inject({
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent(asha.email)}`,
    });
    const [mail] = outbox.json<{ messages: { subject: string; body: string }[] }>().messages;
    expect(mail?.subject).toBe(`Your order ${confirmation.order.orderNumber} is confirmed`);
    expect(mail?.body).toContain('Face Mitt (Size M) x 1: ₹239');
    expect(mail?.body).toContain('Total paid: ₹339');
  });

  it('gives the same order when the same success is posted twice, even at once', async () => {
    const asha = await shopper();
    const placed = await asha.placeOrder();
    const success = await simulator().completePayment(placed.id);
    const [first, second] = await Promise.all([asha.reportPayment(success), asha.reportPayment(success)]);
    const third = await asha.reportPayment(success);
    for (const response of [first, second, third]) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<OrderConfirmation>().orderId).toBe(placed.orderId);
    }
    await expectPaidOnce(placed.orderId, success.razorpay_payment_id);
  });

  it('says "Invalid payment response received" without a payment id', async () => {
    const asha = await shopper();
    const placed = await asha.placeOrder();
    const response = await asha.reportPayment({ razorpay_order_id: placed.id, razorpay_signature: 'abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid payment response received');
  });

  it('refuses a forged or swapped signature and changes nothing', async () => {
    // Held: the genuine webhook would confirm the order on its own, which is not what this test is about.
    simulator().webhooks.hold();
    const asha = await shopper();
    const placed = await asha.placeOrder();
    const success = await simulator().completePayment(placed.id);
    const swapped = createHmac('sha256', simulator().keySecret)
      .update(`${success.razorpay_payment_id}|${success.razorpay_order_id}`)
      .digest('hex');
    for (const signature of [
      randomBytes(32).toString('hex'),
      swapped,
      '',
      success.razorpay_signature.toUpperCase(),
    ]) {
      const response = await asha.reportPayment({ ...success, razorpay_signature: signature });
      expect(response.statusCode, signature).toBe(400);
    }
    expect(await orderRow(placed.orderId)).toMatchObject({ paymentStatus: 'pending', status: 'pending' });
    expect(await paymentRows(placed.orderId)).toEqual([]);
  });

  it("refuses another user's order, and a payment replayed against another order", async () => {
    simulator().webhooks.hold();
    const asha = await shopper();
    const ravi = await shopper();
    const ashaOrder = await asha.placeOrder();
    const raviOrder = await ravi.placeOrder();
    const ashaPaid = await simulator().completePayment(ashaOrder.id);

    // Ravi posts Asha's whole success: her order is not his to see.
    const stolen = await ravi.reportPayment(ashaPaid);
    expect(stolen.statusCode).toBe(404);
    // Ravi replays Asha's payment against his own order: the signature is for her order.
    const replayed = await ravi.reportPayment({ ...ashaPaid, razorpay_order_id: raviOrder.id });
    expect(replayed.statusCode).toBe(400);
    // Asha replays it against an order of hers it did not pay.
    await asha.setCart([{ id: 2, quantity: 1 }]);
    const ashaOther = await asha.placeOrder();
    const wrongOrder = await asha.reportPayment({ ...ashaPaid, razorpay_order_id: ashaOther.id });
    expect(wrongOrder.statusCode).toBe(400);

    for (const orderId of [raviOrder.orderId, ashaOther.orderId, ashaOrder.orderId]) {
      expect((await orderRow(orderId)).paymentStatus).toBe('pending');
      expect(await paymentRows(orderId)).toEqual([]);
    }
  });

  it('captures a payment that is only authorized', async () => {
    simulator().setCaptureMode('manual');
    const asha = await shopper();
    const placed = await asha.placeOrder();
    const success = await simulator().completePayment(placed.id);
    expect((await app.razorpay.client.fetchPayment(success.razorpay_payment_id)).status).toBe('authorized');
    const response = await asha.reportPayment(success);
    expect(response.statusCode, response.body).toBe(200);
    expect((await app.razorpay.client.fetchPayment(success.razorpay_payment_id)).status).toBe('captured');
    await expectPaidOnce(placed.orderId, success.razorpay_payment_id);
  });

  it('reports a failed payment with its description', async () => {
    const asha = await shopper();
    const placed = await asha.placeOrder();
    const { payment } = await simulator().failPayment(placed.id, {
      description: 'Your bank declined the payment',
    });
    const signature = createHmac('sha256', simulator().keySecret)
      .update(`${placed.id}|${payment.id}`)
      .digest('hex');
    const response = await asha.reportPayment({
      razorpay_payment_id: payment.id,
      razorpay_order_id: placed.id,
      razorpay_signature: signature,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Payment failed: Your bank declined the payment');
    expect((await orderRow(placed.orderId)).paymentStatus).toBe('pending');
  });
});

describe('the Razorpay webhook', () => {
  it('refuses a body whose signature does not match, and one with no signature', async () => {
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{"event":"payment.captured","payload":{}}',
    });
    expect(unsigned.statusCode).toBe(400);
    const forged = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'f'.repeat(64) },
      payload: '{"event":"payment.captured","payload":{}}',
    });
    expect(forged.statusCode).toBe(400);
  });

  it('confirms the order of a shopper who closed the tab', async () => {
    const asha = await shopper();
    const placed = await asha.placeOrder();
    const success = await simulator().completePayment(placed.id);
    // The simulator delivers Razorpay's own signed webhooks to /api/payment/webhook.
    await expect
      .poll(async () => (await orderRow(placed.orderId)).paymentStatus, { timeout: 5_000 })
      .toBe('paid');
    await expectPaidOnce(placed.orderId, success.razorpay_payment_id);
    expect(await asha.cart()).toEqual([]);
  });

  it('gives one paid order and one payment row whichever of webhook and browser comes first, many times over', async () => {
    const asha = await shopper([]);
    const orders: { orderId: string; paymentId: string }[] = [];
    for (let round = 0; round < 12; round++) {
      await asha.setCart([{ id: (round % 7) + 1, quantity: 1 }]);
      const placed = await asha.placeOrder();
      simulator().webhooks.hold();
      const success = await simulator().completePayment(placed.id);
      const payment = await app.razorpay.client.fetchPayment(success.razorpay_payment_id);
      const captured = signedEvent('payment.captured', payment);
      const paid = signedEvent('order.paid', payment);
      const browser = () => asha.reportPayment(success);
      const steps =
        round % 3 === 0
          ? [captured, browser, paid, captured]
          : round % 3 === 1
            ? [browser, captured, browser, paid]
            : undefined;
      if (steps) {
        for (const step of steps) expect((await step()).statusCode).toBe(200);
      } else {
        const replies = await Promise.all([browser(), captured(), paid(), browser(), captured()]);
        expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200, 200]);
      }
      orders.push({ orderId: placed.orderId, paymentId: success.razorpay_payment_id });
      simulator().webhooks.release();
    }
    // Let the simulator's own (late, duplicate) webhooks land too.
    await simulator().webhooks.settled();
    for (const { orderId, paymentId } of orders) await expectPaidOnce(orderId, paymentId);
  });

  it('acknowledges a repeated event id without processing it again', async () => {
    const asha = await shopper();
    const placed = await asha.placeOrder();
    simulator().webhooks.hold();
    const success = await simulator().completePayment(placed.id);
    const payment = await app.razorpay.client.fetchPayment(success.razorpay_payment_id);
    const deliver = signedEvent('payment.captured', payment, 'evt_repeated_once');
    expect((await deliver()).json()).toMatchObject({ outcome: 'processed' });
    expect((await deliver()).json()).toMatchObject({ outcome: 'duplicate' });
    await expectPaidOnce(placed.orderId, success.razorpay_payment_id);
  });

  it('processes the same signed body once, whatever event id comes with it', async () => {
    const asha = await shopper();
    const placed = await asha.placeOrder();
    simulator().webhooks.hold();
    const success = await simulator().completePayment(placed.id);
    const payment = await app.razorpay.client.fetchPayment(success.razorpay_payment_id);
    const deliver = signedEvent('payment.captured', payment);
    expect((await deliver('evt_first_id_000')).json()).toMatchObject({ outcome: 'processed' });
    expect((await deliver('evt_another_id_0')).json()).toMatchObject({ outcome: 'duplicate' });
    await expectPaidOnce(placed.orderId, success.razorpay_payment_id);
    const [stored] = await app.db
      .select({ eventId: webhookEvents.eventId })
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, 'evt_first_id_000'));
    expect(stored).toEqual({ eventId: 'evt_first_id_000' });
  });

  it('ignores a captured payment whose amount is not the order total', async () => {
    const asha = await shopper();
    const placed = await asha.placeOrder();
    simulator().webhooks.hold();
    const success = await simulator().completePayment(placed.id);
    const payment = await app.razorpay.client.fetchPayment(success.razorpay_payment_id);
    const response = await signedEvent('payment.captured', { ...payment, amount: 100 })();
    expect(response.statusCode).toBe(200);
    expect((await orderRow(placed.orderId)).paymentStatus).toBe('pending');
  });

  it('keeps a payment captured when its failure is reported late', async () => {
    const asha = await shopper();
    const placed = await asha.placeOrder();
    simulator().webhooks.hold();
    const success = await simulator().completePayment(placed.id);
    const payment = await app.razorpay.client.fetchPayment(success.razorpay_payment_id);
    await signedEvent('payment.captured', payment)();
    await signedEvent('payment.failed', { ...payment, status: 'failed', error_description: 'late' })();
    await expectPaidOnce(placed.orderId, success.razorpay_payment_id);
  });
});

describe('the reconciler', () => {
  it('confirms an order whose browser and webhooks never reported, capturing it if needed', async () => {
    simulator().setCaptureMode('manual');
    const asha = await shopper();
    const placed = await asha.placeOrder();
    simulator().webhooks.hold();
    const success = await simulator().completePayment(placed.id);

    const outcomes = await reconcilePendingOrders(paymentDeps(app), { olderThanMs: 0 });
    expect(outcomes.paid).toBeGreaterThanOrEqual(1);
    await expectPaidOnce(placed.orderId, success.razorpay_payment_id);
    expect((await app.razorpay.client.fetchPayment(success.razorpay_payment_id)).status).toBe('captured');
  });

  it('leaves an unpaid order pending, and gives it up after a day', async () => {
    const asha = await shopper();
    const placed = await asha.placeOrder();
    await reconcilePendingOrders(paymentDeps(app), { olderThanMs: 0 });
    expect((await orderRow(placed.orderId)).status).toBe('pending');

    await reconcilePendingOrders(paymentDeps(app), { olderThanMs: 0, now: Date.now() + 25 * 60 * 60 * 1000 });
    expect(await orderRow(placed.orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(await asha.myOrders()).toEqual([]);
  });

  it('keeps going when Razorpay cannot answer for now', async () => {
    const asha = await shopper();
    const placed = await asha.placeOrder();
    simulator().failApi('unavailable');
    const outcomes = await reconcilePendingOrders(paymentDeps(app), { olderThanMs: 0 });
    simulator().restoreApi();
    expect(outcomes.paid).toBe(0);
    expect((await orderRow(placed.orderId)).paymentStatus).toBe('pending');
  });
});

describe('orders and payments of a shopper', () => {
  it('never takes "paid" from the body of PUT /orders/{id}/payment-status', async () => {
    const asha = await shopper();
    const placed = await asha.placeOrder();
    const response = await app.inject({
      method: 'PUT',
      url: `/api/orders/${placed.orderId}/payment-status`,
      headers: asha.headers,
      payload: { paymentStatus: 'paid' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ order: Order }>().order.paymentStatus).toBe('pending');

    simulator().webhooks.hold();
    await simulator().completePayment(placed.id);
    const rechecked = await app.inject({
      method: 'PUT',
      url: `/api/orders/${placed.orderId}/payment-status`,
      headers: asha.headers,
      payload: { paymentStatus: 'paid' },
    });
    expect(rechecked.json<{ order: Order }>().order.paymentStatus).toBe('paid');
  });

  it("answers 404 for another shopper's order and payment, and for a malformed id", async () => {
    const asha = await shopper();
    const ravi = await shopper([]);
    const placed = await asha.placeOrder();
    const success = await simulator().completePayment(placed.id);
    expect((await asha.reportPayment(success)).statusCode).toBe(200);

    for (const url of [
      `/api/orders/${placed.orderId}`,
      '/api/orders/not-a-uuid',
      `/api/payment/payment-status/${success.razorpay_payment_id}`,
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: ravi.headers });
      expect(response.statusCode, url).toBe(404);
    }
    const put = await app.inject({
      method: 'PUT',
      url: `/api/orders/${placed.orderId}/payment-status`,
      headers: ravi.headers,
      payload: {},
    });
    expect(put.statusCode).toBe(404);

    const mine = await app.inject({
      method: 'GET',
      url: `/api/orders/${placed.orderId}`,
      headers: asha.headers,
    });
    expect(mine.json<{ order: Order }>().order.paymentId).toBe(success.razorpay_payment_id);
    const payments = await app.inject({
      method: 'GET',
      url: '/api/payment/user-payments',
      headers: asha.headers,
    });
    expect(payments.json()).toMatchObject({
      payments: [{ paymentId: success.razorpay_payment_id, status: 'captured' }],
    });
    expect(
      (await app.inject({ method: 'GET', url: '/api/payment/user-payments', headers: ravi.headers })).json(),
    ).toEqual({ payments: [] });
  });
});

describe('a second payment of the same Razorpay order', () => {
  /** Two authorized attempts on one Razorpay order; the browser reports B, which we capture: B pays the order. */
  async function paidByBWithAAuthorized() {
    simulator().setCaptureMode('manual');
    simulator().webhooks.hold();
    const asha = await shopper();
    const placed = await asha.placeOrder();
    const a = await simulator().completePayment(placed.id);
    const b = await simulator().completePayment(placed.id);
    const response = await asha.reportPayment(b);
    expect(response.statusCode, response.body).toBe(200);
    await expectPaidOnce(placed.orderId, b.razorpay_payment_id);
    return { asha, placed, a: a.razorpay_payment_id, b: b.razorpay_payment_id };
  }

  it('is not captured when only authorized for an order already paid', async () => {
    const { placed, a, b } = await paidByBWithAAuthorized();
    const authorized = await app.razorpay.client.fetchPayment(a);
    expect((await signedEvent('payment.authorized', authorized)()).statusCode).toBe(200);
    await reconcilePendingOrders(paymentDeps(app), { olderThanMs: 0 });
    // Razorpay refunds an authorization nobody captures by itself.
    expect((await app.razorpay.client.fetchPayment(a)).status).toBe('authorized');
    await expectPaidOnce(placed.orderId, b);
  });

  it('is refunded in full by a job when captured anyway, and the order stays paid by the first', async () => {
    const { asha, placed, a, b } = await paidByBWithAAuthorized();
    // Captured without us (e.g. automatic capture on Razorpay's side), then reported by webhook, twice.
    const captured = await app.razorpay.client.capturePayment(a, placed.amount, 'INR');
    expect((await signedEvent('payment.captured', captured)()).statusCode).toBe(200);
    expect((await signedEvent('order.paid', captured)()).statusCode).toBe(200);

    const row = (await paymentRows(placed.orderId)).find((entry) => entry.razorpayPaymentId === a);
    expect(row?.status).toBe('captured');
    const jobs = await jobsOf('payment.refund-stray', 'paymentId', row?.id ?? '');
    expect(jobs).toEqual([{ paymentId: row?.id }]);
    expect(
      await jobsOf(
        'payment.refund-stray',
        'paymentId',
        (await paymentRows(placed.orderId)).find((entry) => entry.razorpayPaymentId === b)?.id ?? '',
      ),
    ).toEqual([]);

    for (const job of jobs) await refundStrayPayment(paymentDeps(app), { paymentId: job.paymentId ?? '' });
    await refundStrayPayment(paymentDeps(app), { paymentId: row?.id ?? '' });
    const atRazorpay = await app.razorpay.client.fetchPayment(a);
    expect([atRazorpay.status, atRazorpay.amount_refunded]).toEqual(['refunded', placed.amount]);
    expect((await app.razorpay.client.fetchPayment(b)).status).toBe('captured');
    const refundRows = await app.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, row?.id ?? ''));
    expect(refundRows.map((refund) => [refund.amountPaise, refund.status])).toEqual([
      [placed.amount, 'processed'],
    ]);

    // The order is still paid by B and shows B; A's refund is not the order refunded.
    expect(await orderRow(placed.orderId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    const [order] = await asha.myOrders();
    expect(order).toMatchObject({
      paymentId: b,
      paymentStatus: 'paid',
      refundedPaise: 0,
      refundStatus: null,
    });
    const emails = await jobsOf('order.email', 'orderId', placed.orderId);
    expect(emails.map((job) => job.kind)).toEqual(['confirmed']);
    expect(await shipmentJobs(placed.orderId)).toBe(1);
  });
});

describe('money for an order the shopper cancelled before paying', () => {
  it('keeps the order cancelled, ships nothing and refunds the payment', async () => {
    const asha = await shopper();
    const placed = await asha.placeOrder();
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/orders/cancel/${placed.orderId}`,
      headers: asha.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await orderRow(placed.orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });

    // The Checkout window was still open: the shopper pays after all.
    simulator().webhooks.hold();
    const success = await simulator().completePayment(placed.id);
    const payment = await app.razorpay.client.fetchPayment(success.razorpay_payment_id);
    expect((await signedEvent('payment.captured', payment)()).statusCode).toBe(200);

    expect(await orderRow(placed.orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });
    expect(await shipmentJobs(placed.orderId)).toBe(0);
    expect(await jobsOf('order.email', 'orderId', placed.orderId)).toEqual([]);
    expect(await asha.cart()).not.toEqual([]);
    expect(await jobsOf('order.refund', 'orderId', placed.orderId)).toEqual([{ orderId: placed.orderId }]);
    const [view] = await asha.myOrders();
    expect(view).toMatchObject({ status: 'cancelled', refundStatus: 'scheduled' });

    expect(await refundCancelledOrder(paymentDeps(app), placed.orderId, 'system')).toBe('processed');
    expect(await orderRow(placed.orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect((await app.razorpay.client.fetchPayment(payment.id)).status).toBe('refunded');
  });

  it('is not captured when only authorized', async () => {
    simulator().setCaptureMode('manual');
    const asha = await shopper();
    const placed = await asha.placeOrder();
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/orders/cancel/${placed.orderId}`,
      headers: asha.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    simulator().webhooks.hold();
    const success = await simulator().completePayment(placed.id);
    const payment = await app.razorpay.client.fetchPayment(success.razorpay_payment_id);
    expect((await signedEvent('payment.authorized', payment)()).statusCode).toBe(200);
    expect((await app.razorpay.client.fetchPayment(payment.id)).status).toBe('authorized');
    expect(await orderRow(placed.orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });
  });

  it('still confirms an order the reconciler gave up on when its money arrives', async () => {
    const asha = await shopper();
    const placed = await asha.placeOrder();
    await reconcilePendingOrders(paymentDeps(app), { olderThanMs: 0, now: Date.now() + 25 * 60 * 60 * 1000 });
    expect(await orderRow(placed.orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    simulator().webhooks.hold();
    const success = await simulator().completePayment(placed.id);
    const payment = await app.razorpay.client.fetchPayment(success.razorpay_payment_id);
    expect((await signedEvent('payment.captured', payment)()).statusCode).toBe(200);
    expect(await orderRow(placed.orderId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await shipmentJobs(placed.orderId)).toBe(1);
  });
});
