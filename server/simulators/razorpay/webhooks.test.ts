import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSimulatorApp, type SimulatorApp } from '../../test/simulator-app';
import razorpaySimulator from './plugin';
import { adapterFor, INBOX_PATH, registerWebhookInbox, simulatorOf } from './test-kit';
import { DEFAULT_WEBHOOK_TARGET } from './webhooks';

let app: SimulatorApp;
let inbox: ReturnType<typeof registerWebhookInbox>;
beforeAll(async () => {
  app = await buildSimulatorApp(razorpaySimulator);
  inbox = registerWebhookInbox(app);
  await app.ready();
});
afterAll(() => app.close());
beforeEach(() => {
  simulator().reset();
  simulator().webhooks.setTarget(INBOX_PATH);
  inbox.received.length = 0;
  inbox.replies.length = 0;
});

const simulator = () => simulatorOf(app);
const razorpay = () => adapterFor(app);
const newOrder = () => razorpay().createOrder({ amount: 54_900, currency: 'INR', receipt: 'our-order-1' });
const received = (event: string) => inbox.received.filter((webhook) => webhook.event.event === event);

describe('payment signatures', () => {
  it('agree with the official SDK, for this order and payment only', async () => {
    const order = await newOrder();
    const success = simulator().completePayment(order.id);
    expect(success.razorpay_order_id).toBe(order.id);
    const { keySecret } = simulator();
    const ids = { order_id: order.id, payment_id: success.razorpay_payment_id };
    expect(validatePaymentVerification(ids, success.razorpay_signature, keySecret)).toBe(true);
    const swapped = { order_id: success.razorpay_payment_id, payment_id: order.id };
    expect(validatePaymentVerification(swapped, success.razorpay_signature, keySecret)).toBe(false);
    expect(validatePaymentVerification(ids, success.razorpay_signature, `${keySecret}x`)).toBe(false);
  });
});

describe('webhooks', () => {
  it('sends payment.authorized, payment.captured and order.paid after the call, signed as Razorpay signs', async () => {
    const order = await newOrder();
    const success = simulator().completePayment(order.id);
    // Nothing is sent while the call that caused the events is still running.
    expect(simulator().webhooks.sent()).toEqual([]);
    await simulator().webhooks.settled();

    expect(inbox.received.map((webhook) => webhook.event.event).sort()).toEqual([
      'order.paid',
      'payment.authorized',
      'payment.captured',
    ]);
    const { webhookSecret } = simulator();
    for (const webhook of inbox.received) {
      expect(validateWebhookSignature(webhook.rawBody, webhook.signature, webhookSecret)).toBe(true);
      expect(validateWebhookSignature(webhook.rawBody, webhook.signature, simulator().keySecret)).toBe(false);
      expect(webhook.contentType).toBe('application/json');
      expect(webhook.eventId).toMatch(/^[A-Za-z0-9]{14}$/);
      expect(webhook.event).toMatchObject({
        entity: 'event',
        account_id: simulator().accountId,
        created_at: expect.any(Number),
      });
    }
    expect(new Set(inbox.received.map((webhook) => webhook.eventId)).size).toBe(3);

    const payment = await razorpay().fetchPayment(success.razorpay_payment_id);
    const [authorized] = received('payment.authorized');
    expect(authorized?.event.contains).toEqual(['payment']);
    // Each event carries the entity as it was when the event happened.
    expect(authorized?.event.payload.payment?.entity).toEqual({
      ...payment,
      status: 'authorized',
      captured: false,
      fee: null,
      tax: null,
    });
    const [captured] = received('payment.captured');
    expect(captured?.event.payload.payment?.entity).toEqual(payment);
    const [paid] = received('order.paid');
    expect(paid?.event.contains).toEqual(['payment', 'order']);
    expect(paid?.event.payload.order?.entity).toEqual(await razorpay().fetchOrder(order.id));
    expect(paid?.event.payload.order?.entity.status).toBe('paid');

    expect(
      simulator()
        .webhooks.sent()
        .map((delivery) => [delivery.attempt, delivery.statusCode, delivery.outcome]),
    ).toEqual([
      [1, 200, 'delivered'],
      [1, 200, 'delivered'],
      [1, 200, 'delivered'],
    ]);
  });

  it('sends payment.failed with the error of a failed payment', async () => {
    const order = await newOrder();
    const { payment, error } = simulator().failPayment(order.id, {
      code: 'GATEWAY_ERROR',
      description: 'Payment processing failed due to error at bank or wallet gateway',
      source: 'gateway',
      step: 'payment_authorization',
      reason: 'payment_failed',
    });
    expect(error).toEqual({
      code: 'GATEWAY_ERROR',
      description: 'Payment processing failed due to error at bank or wallet gateway',
      source: 'gateway',
      step: 'payment_authorization',
      reason: 'payment_failed',
      metadata: { order_id: order.id, payment_id: payment.id },
    });
    await simulator().webhooks.settled();
    expect(inbox.received.map((webhook) => webhook.event.event)).toEqual(['payment.failed']);
    expect(inbox.received[0]?.event.payload.payment?.entity).toMatchObject({
      id: payment.id,
      status: 'failed',
      error_code: 'GATEWAY_ERROR',
      error_reason: 'payment_failed',
    });
  });

  it('with manual capture, sends payment.captured and order.paid only when the payment is captured', async () => {
    simulator().setCaptureMode('manual');
    const order = await newOrder();
    const success = simulator().completePayment(order.id);
    await simulator().webhooks.settled();
    expect(inbox.received.map((webhook) => webhook.event.event)).toEqual(['payment.authorized']);

    await razorpay().capturePayment(success.razorpay_payment_id, 54_900);
    await simulator().webhooks.settled();
    expect(inbox.received.map((webhook) => webhook.event.event).sort()).toEqual([
      'order.paid',
      'payment.authorized',
      'payment.captured',
    ]);
  });

  it('sends refund.processed once per refund, not again for a repeated idempotency key', async () => {
    const order = await newOrder();
    const paymentId = simulator().completePayment(order.id).razorpay_payment_id;
    await simulator().webhooks.settled();
    inbox.received.length = 0;

    const refund = await razorpay().refundPayment(paymentId, {
      amount: 4_900,
      idempotencyKey: 'refund-webhook-1',
    });
    await razorpay().refundPayment(paymentId, { amount: 4_900, idempotencyKey: 'refund-webhook-1' });
    await simulator().webhooks.settled();
    expect(inbox.received.map((webhook) => webhook.event.event)).toEqual(['refund.processed']);
    const [processed] = inbox.received;
    expect(processed?.event.contains).toEqual(['refund', 'payment']);
    expect(processed?.event.payload.refund?.entity).toEqual(refund);
    expect(processed?.event.payload.payment?.entity).toMatchObject({
      id: paymentId,
      amount_refunded: 4_900,
      refund_status: 'partial',
    });
    expect(
      validateWebhookSignature(
        processed?.rawBody ?? '',
        processed?.signature ?? '',
        simulator().webhookSecret,
      ),
    ).toBe(true);
  });

  it('retries a delivery that is not answered 2xx, with the same event id and body', async () => {
    inbox.replies.push(500, 503);
    const order = await newOrder();
    simulator().failPayment(order.id);
    await simulator().webhooks.settled();
    expect(inbox.received).toHaveLength(3);
    expect(new Set(inbox.received.map((webhook) => webhook.eventId)).size).toBe(1);
    expect(new Set(inbox.received.map((webhook) => webhook.rawBody)).size).toBe(1);
    expect(
      simulator()
        .webhooks.sent()
        .map((delivery) => [delivery.attempt, delivery.statusCode, delivery.outcome]),
    ).toEqual([
      [1, 500, 'failed'],
      [2, 503, 'failed'],
      [3, 200, 'delivered'],
    ]);
  });

  it('gives up after the configured tries', async () => {
    simulator().webhooks.setRetryPolicy({ attempts: 2, initialDelayMs: 1 });
    inbox.replies.push(500, 500, 500);
    const order = await newOrder();
    simulator().failPayment(order.id);
    await simulator().webhooks.settled();
    expect(
      simulator()
        .webhooks.sent()
        .map((delivery) => delivery.statusCode),
    ).toEqual([500, 500]);
    expect(inbox.received).toHaveLength(2);
  });

  it('counts a missing webhook route as a failed delivery, without failing anything else', async () => {
    simulator().webhooks.setTarget('/api/no-such-webhook');
    const order = await newOrder();
    const { payment } = simulator().failPayment(order.id);
    await simulator().webhooks.settled();
    expect(
      simulator()
        .webhooks.sent()
        .map((delivery) => [delivery.target, delivery.statusCode]),
    ).toEqual([
      ['/api/no-such-webhook', 404],
      ['/api/no-such-webhook', 404],
      ['/api/no-such-webhook', 404],
    ]);
    expect((await razorpay().fetchPayment(payment.id)).status).toBe('failed');
  });

  it('holds deliveries until released', async () => {
    simulator().webhooks.hold();
    const order = await newOrder();
    simulator().completePayment(order.id);
    await simulator().webhooks.settled();
    expect(inbox.received).toEqual([]);
    expect(simulator().webhooks.held()).toBe(3);

    simulator().webhooks.release();
    await simulator().webhooks.settled();
    expect(simulator().webhooks.held()).toBe(0);
    expect(inbox.received.map((webhook) => webhook.event.event).sort()).toEqual([
      'order.paid',
      'payment.authorized',
      'payment.captured',
    ]);
  });

  it('drops the next events on request, and sends the ones after', async () => {
    simulator().webhooks.drop(1);
    const order = await newOrder();
    simulator().failPayment(order.id);
    simulator().failPayment(order.id);
    await simulator().webhooks.settled();
    const deliveries = simulator().webhooks.sent();
    expect(deliveries.map((delivery) => [delivery.event, delivery.outcome, delivery.statusCode])).toEqual([
      ['payment.failed', 'dropped', null],
      ['payment.failed', 'delivered', 200],
    ]);
    expect(inbox.received.map((webhook) => webhook.eventId)).toEqual([deliveries[1]?.eventId]);
  });

  it('sends every event twice when duplicating', async () => {
    simulator().webhooks.duplicate(true);
    const order = await newOrder();
    simulator().failPayment(order.id);
    await simulator().webhooks.settled();
    expect(inbox.received).toHaveLength(2);
    expect(inbox.received[0]?.eventId).toBe(inbox.received[1]?.eventId);
    expect(inbox.received[0]?.rawBody).toBe(inbox.received[1]?.rawBody);
  });

  it('reset forgets held events and the log, and targets the shop’s webhook again', async () => {
    simulator().webhooks.hold();
    const order = await newOrder();
    simulator().failPayment(order.id);
    simulator().reset();
    expect(simulator().webhooks.held()).toBe(0);
    simulator().webhooks.release();
    await simulator().webhooks.settled();
    expect(inbox.received).toEqual([]);

    simulator().failPayment(order.id);
    await simulator().webhooks.settled();
    expect(simulator().webhooks.sent()[0]?.target).toBe(DEFAULT_WEBHOOK_TARGET);
  });
});
