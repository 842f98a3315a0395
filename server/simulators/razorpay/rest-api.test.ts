import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { simulatedRazorpayPayments, simulatedRazorpayRefunds } from '../../db/schema';
import { RazorpayError } from '../../providers/razorpay/client';
import { buildSimulatorApp, type SimulatorApp } from '../../test/simulator-app';
import razorpaySimulator from './plugin';
import { adapterFor, simulatorOf } from './test-kit';

let app: SimulatorApp;
beforeAll(async () => {
  app = await buildSimulatorApp(razorpaySimulator);
  // Webhooks go nowhere useful here; what they carry is tested in webhooks.test.ts.
  simulatorOf(app).webhooks.setTarget('/test/nowhere');
});
afterAll(() => app.close());
beforeEach(() => {
  simulatorOf(app).reset();
  simulatorOf(app).webhooks.setTarget('/test/nowhere');
});

const razorpay = () => adapterFor(app);
const simulator = () => simulatorOf(app);
const basic = (keyId: string, keySecret: string) =>
  `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

function rawCall(
  method: 'GET' | 'POST',
  path: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url: `/sim/razorpay/v1${path}`,
    headers: { authorization: basic(simulator().keyId, simulator().keySecret), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function rejection(promise: Promise<unknown>): Promise<RazorpayError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof RazorpayError)) throw new Error(`expected a RazorpayError, got ${String(error)}`);
  return error;
}

const newOrder = (amount = 33_900) =>
  razorpay().createOrder({ amount, currency: 'INR', receipt: 'rcpt-1', notes: { shop: 'mittens' } });

describe('orders', () => {
  it('creates an order with every field Razorpay returns, and fetches it back', async () => {
    const before = Math.floor(Date.now() / 1000);
    const order = await newOrder();
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(order).toEqual({
      id: order.id,
      entity: 'order',
      amount: 33_900,
      amount_paid: 0,
      amount_due: 33_900,
      currency: 'INR',
      receipt: 'rcpt-1',
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: { shop: 'mittens' },
      created_at: order.created_at,
    });
    expect(order.created_at).toBeGreaterThanOrEqual(before);
    expect(await razorpay().fetchOrder(order.id)).toEqual(order);
  });

  it('answers empty notes as [] like Razorpay', async () => {
    const order = await razorpay().createOrder({ amount: 100, currency: 'INR', receipt: 'r' });
    expect(order.notes).toEqual([]);
  });

  it('goes created → attempted → paid, counting attempts, and lists the payments newest first', async () => {
    const order = await newOrder();
    const { payment: failed } = simulator().failPayment(order.id);
    expect(await razorpay().fetchOrder(order.id)).toMatchObject({ status: 'attempted', attempts: 1 });
    const paid = simulator().completePayment(order.id);
    expect(await razorpay().fetchOrder(order.id)).toMatchObject({
      status: 'paid',
      attempts: 2,
      amount_paid: 33_900,
      amount_due: 0,
    });
    const payments = await razorpay().fetchOrderPayments(order.id);
    expect(payments.entity).toBe('collection');
    expect(payments.count).toBe(2);
    expect(payments.items.map((payment) => [payment.id, payment.status])).toEqual([
      [paid.razorpay_payment_id, 'captured'],
      [failed.id, 'failed'],
    ]);
  });

  it.each([
    ['an amount under INR 1.00', { amount: 99 }, 'amount', 'The amount must be at least INR 1.00'],
    ['a fractional amount', { amount: 150.5 }, 'amount', 'The amount must be an integer.'],
    ['no amount', { amount: undefined }, 'amount', 'The amount field is required.'],
    ['another currency', { currency: 'USD' }, 'currency', 'The selected currency is invalid.'],
    [
      'a receipt over 40 characters',
      { receipt: 'r'.repeat(41) },
      'receipt',
      'The receipt may not be greater than 40 characters.',
    ],
    [
      '16 notes',
      { notes: Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, 'v'])) },
      'notes',
      'The notes may not have more than 15 items.',
    ],
    [
      'an unknown field',
      { payment_capture: 1 },
      'payment_capture',
      'payment_capture is/are not required and should not be sent',
    ],
  ])('refuses %s with a 400 naming the field', async (_case, change, field, description) => {
    const response = await rawCall('POST', '/orders', {
      amount: 500,
      currency: 'INR',
      receipt: 'r1',
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description,
        field,
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
        metadata: {},
      },
    });
  });

  it('accepts the limits themselves: INR 1.00, a 40-character receipt, 15 notes', async () => {
    const notes = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`k${i}`, 'v']));
    const order = await razorpay().createOrder({
      amount: 100,
      currency: 'INR',
      receipt: 'r'.repeat(40),
      notes,
    });
    expect(order).toMatchObject({ amount: 100, receipt: 'r'.repeat(40), notes });
  });

  it('surfaces a refusal to our adapter as a rejected RazorpayError with the description', async () => {
    const error = await rejection(newOrder(99));
    expect(error).toMatchObject({
      kind: 'rejected',
      status: 400,
      code: 'BAD_REQUEST_ERROR',
      message: 'The amount must be at least INR 1.00',
    });
  });

  it('says "The id provided does not exist" for unknown orders and payments', async () => {
    // One call at a time: a call made before the loop awaits it would reject unhandled meanwhile.
    for (const call of [
      () => razorpay().fetchOrder('order_DoesNotExist00'),
      () => razorpay().fetchOrderPayments('order_DoesNotExist00'),
      () => razorpay().fetchPayment('pay_DoesNotExist000'),
      () => razorpay().capturePayment('pay_DoesNotExist000', 100),
    ]) {
      expect(await rejection(call())).toMatchObject({
        kind: 'rejected',
        status: 400,
        message: 'The id provided does not exist',
      });
    }
  });
});

describe('authentication', () => {
  it('refuses a wrong secret, a wrong key id and no credentials with 401', async () => {
    const wrongSecret = await rejection(
      adapterFor(app, { keySecret: 'not-the-secret' }).createOrder({
        amount: 100,
        currency: 'INR',
        receipt: 'r',
      }),
    );
    expect(wrongSecret).toMatchObject({ kind: 'rejected', status: 401, code: 'BAD_REQUEST_ERROR' });
    const wrongKey = await rejection(
      adapterFor(app, { keyId: 'rzp_test_someoneElse00' }).fetchOrder('order_x'),
    );
    expect(wrongKey).toMatchObject({
      kind: 'rejected',
      status: 401,
      message: 'The api key provided is invalid',
    });

    const anonymous = await app.inject({ method: 'GET', url: '/sim/razorpay/v1/orders/order_x' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      description: 'Please provide your api key for authentication purposes.',
      field: null,
      metadata: {},
    });
  });

  it('makes a new key pair per app: another instance’s keys are refused', async () => {
    const other = await buildSimulatorApp(razorpaySimulator, { databaseOf: app });
    try {
      expect(simulatorOf(other).keyId).toMatch(/^rzp_test_[A-Za-z0-9]{14}$/);
      expect(simulatorOf(other).keyId).not.toBe(simulator().keyId);
      expect(simulatorOf(other).keySecret).not.toBe(simulator().keySecret);
      expect(simulatorOf(other).webhookSecret).not.toBe(simulator().webhookSecret);
      const order = await newOrder();
      const foreign = adapterFor(other, { keyId: simulator().keyId, keySecret: simulator().keySecret });
      expect(await rejection(foreign.fetchOrder(order.id))).toMatchObject({ status: 401 });
    } finally {
      await other.close();
    }
  });
});

describe('payments and capture', () => {
  it('gives a captured payment with every field when capture is automatic', async () => {
    const order = await newOrder();
    const paid = simulator().completePayment(order.id, {
      email: 'asha@example.com',
      contact: '+919876543210',
    });
    const payment = await razorpay().fetchPayment(paid.razorpay_payment_id);
    expect(payment).toEqual({
      id: paid.razorpay_payment_id,
      entity: 'payment',
      amount: 33_900,
      currency: 'INR',
      status: 'captured',
      order_id: order.id,
      invoice_id: null,
      international: false,
      method: 'upi',
      amount_refunded: 0,
      refund_status: null,
      captured: true,
      description: null,
      card_id: null,
      bank: null,
      wallet: null,
      vpa: 'success@razorpay',
      email: 'asha@example.com',
      contact: '+919876543210',
      notes: [],
      // 2% of 339.00 is 6.78, plus 18% GST on it (1.22).
      fee: 800,
      tax: 122,
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      acquirer_data: { rrn: expect.stringMatching(/^\d{12}$/) },
      created_at: expect.any(Number),
    });
  });

  it('keeps a manual-capture payment authorized until captured with its exact amount', async () => {
    simulator().setCaptureMode('manual');
    const order = await newOrder();
    const paid = simulator().completePayment(order.id, { method: 'card' });
    const authorized = await razorpay().fetchPayment(paid.razorpay_payment_id);
    expect(authorized).toMatchObject({
      status: 'authorized',
      captured: false,
      method: 'card',
      vpa: null,
      fee: null,
      card_id: expect.stringMatching(/^card_[A-Za-z0-9]{14}$/),
    });
    expect(await razorpay().fetchOrder(order.id)).toMatchObject({ status: 'attempted', amount_paid: 0 });

    const wrongAmount = await rejection(razorpay().capturePayment(paid.razorpay_payment_id, 33_800));
    expect(wrongAmount).toMatchObject({
      status: 400,
      message: 'Capture amount must be equal to the amount authorized',
    });
    const captured = await razorpay().capturePayment(paid.razorpay_payment_id, 33_900);
    expect(captured).toMatchObject({ status: 'captured', captured: true, amount: 33_900 });
    expect(await razorpay().fetchOrder(order.id)).toMatchObject({ status: 'paid', amount_paid: 33_900 });

    const again = await rejection(razorpay().capturePayment(paid.razorpay_payment_id, 33_900));
    expect(again).toMatchObject({ status: 400, message: 'This payment has already been captured' });
  });

  it('overrides the capture mode for one payment', async () => {
    const order = await newOrder();
    const paid = simulator().completePayment(order.id, { capture: false });
    expect((await razorpay().fetchPayment(paid.razorpay_payment_id)).status).toBe('authorized');
  });

  it('refuses to capture a failed payment', async () => {
    const order = await newOrder();
    const { payment } = simulator().failPayment(order.id, { description: 'Declined by the test bank' });
    expect(payment).toMatchObject({
      status: 'failed',
      captured: false,
      error_code: 'BAD_REQUEST_ERROR',
      error_description: 'Declined by the test bank',
      error_source: 'bank',
      error_step: 'payment_authorization',
      error_reason: 'payment_declined',
    });
    expect(await rejection(razorpay().capturePayment(payment.id, 33_900))).toMatchObject({
      status: 400,
      message: 'Only payments which have been authorized and not yet captured can be captured',
    });
  });

  it('refuses a second payment on a paid order, an invalid UPI ID and an unknown order', async () => {
    const order = await newOrder();
    simulator().completePayment(order.id);
    expect(() => simulator().completePayment(order.id)).toThrow('Order has already been paid');
    const other = await newOrder();
    expect(() => simulator().completePayment(other.id, { vpa: 'not a vpa' })).toThrow('Invalid VPA');
    expect(() => simulator().completePayment('order_DoesNotExist00')).toThrow(
      'The id provided does not exist',
    );
  });
});

describe('refunds', () => {
  async function capturedPayment() {
    const order = await newOrder();
    return simulator().completePayment(order.id).razorpay_payment_id;
  }

  it('refunds part, then the rest, and the payment ends refunded (the order stays paid)', async () => {
    const paymentId = await capturedPayment();
    const first = await razorpay().refundPayment(paymentId, {
      amount: 10_000,
      idempotencyKey: 'refund-part-0001',
    });
    expect(first).toEqual({
      id: expect.stringMatching(/^rfnd_[A-Za-z0-9]{14}$/),
      entity: 'refund',
      amount: 10_000,
      currency: 'INR',
      payment_id: paymentId,
      notes: [],
      receipt: null,
      acquirer_data: { arn: null },
      batch_id: null,
      status: 'processed',
      speed_requested: 'normal',
      speed_processed: 'normal',
      created_at: expect.any(Number),
    });
    expect(await razorpay().fetchPayment(paymentId)).toMatchObject({
      status: 'captured',
      amount_refunded: 10_000,
      refund_status: 'partial',
    });

    const tooMuch = await rejection(
      razorpay().refundPayment(paymentId, { amount: 23_901, idempotencyKey: 'refund-over-0001' }),
    );
    expect(tooMuch).toMatchObject({
      kind: 'rejected',
      status: 400,
      message: 'The total refund amount is greater than the refund payment amount',
    });

    const rest = await razorpay().refundPayment(paymentId, { idempotencyKey: 'refund-rest-0001' });
    expect(rest.amount).toBe(23_900);
    const payment = await razorpay().fetchPayment(paymentId);
    expect(payment).toMatchObject({ status: 'refunded', amount_refunded: 33_900, refund_status: 'full' });
    expect((await razorpay().fetchOrder(payment.order_id ?? '')).status).toBe('paid');

    const more = await rejection(razorpay().refundPayment(paymentId, { idempotencyKey: 'refund-more-0001' }));
    expect(more.message).toBe('The payment has been fully refunded already');
  });

  it('gives the same refund for the same X-Refund-Idempotency key, and refunds once', async () => {
    const paymentId = await capturedPayment();
    const input = { amount: 5_000, idempotencyKey: 'order-42-refund-1' };
    const first = await razorpay().refundPayment(paymentId, input);
    const [second, third] = await Promise.all([
      razorpay().refundPayment(paymentId, input),
      razorpay().refundPayment(paymentId, input),
    ]);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect((await razorpay().fetchPayment(paymentId)).amount_refunded).toBe(5_000);

    const another = await razorpay().refundPayment(paymentId, {
      ...input,
      idempotencyKey: 'order-42-refund-2',
    });
    expect(another.id).not.toBe(first.id);
    expect((await razorpay().fetchPayment(paymentId)).amount_refunded).toBe(10_000);
  });

  it('gives back no more than was paid when two refunds of one payment come at once', async () => {
    const paymentId = await capturedPayment();
    const results = await Promise.allSettled([
      razorpay().refundPayment(paymentId, { amount: 20_000, idempotencyKey: 'at-once-0001' }),
      razorpay().refundPayment(paymentId, { amount: 20_000, idempotencyKey: 'at-once-0002' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((result) => result.status === 'rejected')?.reason).toMatchObject({
      status: 400,
      message: 'The total refund amount is greater than the refund payment amount',
    });
    expect(await razorpay().fetchPayment(paymentId)).toMatchObject({
      amount_refunded: 20_000,
      refund_status: 'partial',
    });
  });

  it('refuses refunds of payments not captured, and idempotency keys under 10 characters', async () => {
    simulator().setCaptureMode('manual');
    const order = await newOrder();
    const authorized = simulator().completePayment(order.id).razorpay_payment_id;
    const notCaptured = await rejection(
      razorpay().refundPayment(authorized, { idempotencyKey: 'refund-auth-0001' }),
    );
    expect(notCaptured).toMatchObject({ status: 400, message: 'Only captured payments can be refunded' });

    simulator().setCaptureMode('auto');
    const paymentId = await capturedPayment();
    const response = await rawCall(
      'POST',
      `/payments/${paymentId}/refund`,
      { amount: 100 },
      {
        'x-refund-idempotency': 'short',
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe('X-Refund-Idempotency');
  });

  it('honours speed and notes', async () => {
    const paymentId = await capturedPayment();
    const response = await rawCall(
      'POST',
      `/payments/${paymentId}/refund`,
      { amount: 100, speed: 'optimum', notes: { reason: 'damaged' }, receipt: 'rf-1' },
      { 'x-refund-idempotency': 'refund-speed-01' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      speed_requested: 'optimum',
      speed_processed: 'instant',
      notes: { reason: 'damaged' },
      receipt: 'rf-1',
    });
    const badSpeed = await rawCall('POST', `/payments/${paymentId}/refund`, { speed: 'fast' });
    expect(badSpeed.json().error).toMatchObject({
      field: 'speed',
      description: 'The selected speed is invalid.',
    });
  });
});

describe('an outage', () => {
  it('makes the adapter see Razorpay unavailable (503) until restored', async () => {
    const order = await newOrder();
    simulator().failApi('unavailable');
    const error = await rejection(razorpay().fetchOrder(order.id));
    expect(error).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(await rejection(newOrder())).toMatchObject({ kind: 'unavailable' });
    simulator().restoreApi();
    expect((await razorpay().fetchOrder(order.id)).id).toBe(order.id);
  });

  it('answers 500 with the SERVER_ERROR envelope, before checking credentials', async () => {
    simulator().failApi('server_error');
    const error = await rejection(adapterFor(app, { keySecret: 'wrong-secret' }).fetchOrder('order_x'));
    expect(error).toMatchObject({ kind: 'unavailable', status: 500, code: 'SERVER_ERROR' });
    const raw = await rawCall('GET', '/orders/order_x');
    expect(raw.json().error).toMatchObject({ code: 'SERVER_ERROR', field: null, metadata: {} });
  });

  it('is cleared by reset', async () => {
    simulator().failApi('unavailable');
    simulator().reset();
    expect((await newOrder()).status).toBe('created');
  });
});

describe('kept in the database (docs/operations.md#simulator-state)', () => {
  it('answers for the same orders, payments and refunds when started again on the same database', async () => {
    const order = await newOrder();
    const failed = simulator().failPayment(order.id).payment;
    const paymentId = simulator().completePayment(order.id, { method: 'card' }).razorpay_payment_id;
    const refundInput = { amount: 7_000, idempotencyKey: 'kept-refund-0001', notes: { why: 'late' } };
    const refund = await razorpay().refundPayment(paymentId, refundInput);
    simulator().setRefundMode('pending');
    const pending = await razorpay().refundPayment(paymentId, {
      amount: 100,
      idempotencyKey: 'kept-refund-0002',
    });
    const before = {
      order: await razorpay().fetchOrder(order.id),
      payments: await razorpay().fetchOrderPayments(order.id),
      refund: await razorpay().fetchRefund(refund.id),
    };
    // Written after each reply, the refund before its payment: wait for the last of them, the payment's
    // refunded amount (waiting for the refund alone let a restart read the payment's write before it landed).
    await expect
      .poll(async () => (await app.db.select().from(simulatedRazorpayRefunds)).map((row) => row.id))
      .toContain(pending.id);
    await expect
      .poll(async () => {
        const [payment] = await app.db
          .select({ amountRefunded: simulatedRazorpayPayments.amountRefunded })
          .from(simulatedRazorpayPayments)
          .where(eq(simulatedRazorpayPayments.id, paymentId));
        return payment?.amountRefunded;
      })
      .toBe(7_100);

    const restarted = await buildSimulatorApp(razorpaySimulator, { databaseOf: app });
    try {
      const again = adapterFor(restarted);
      expect(await again.fetchOrder(order.id)).toEqual(before.order);
      expect(await again.fetchOrderPayments(order.id)).toEqual(before.payments);
      expect(before.payments.items.map((payment) => payment.id)).toEqual([paymentId, failed.id]);
      expect(await again.fetchRefund(refund.id)).toEqual(before.refund);
      // The same key still answers the refund it made, and a pending refund can still be settled.
      expect(await again.refundPayment(paymentId, refundInput)).toEqual(before.refund);
      simulatorOf(restarted).settleRefund(pending.id, 'processed', { webhook: false });
      expect((await again.fetchRefund(pending.id)).status).toBe('processed');
      expect(await again.fetchPayment(paymentId)).toMatchObject({ amount_refunded: 7_100 });
    } finally {
      await restarted.close();
    }
  });
});
