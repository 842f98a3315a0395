import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RazorpayError } from '../../providers/razorpay/client';
import { buildSimulatorApp, type SimulatorApp } from '../../test/simulator-app';
import razorpaySimulator from './plugin';
import { adapterFor, simulatorOf } from './test-kit';

let app: SimulatorApp;
beforeAll(async () => {
  // With the shop's security headers: the browser must be allowed to run the script and its window.
  app = await buildSimulatorApp(razorpaySimulator, { securityHeaders: true });
});
afterAll(() => app.close());
beforeEach(() => {
  simulator().reset();
  simulator().webhooks.hold();
});

const simulator = () => simulatorOf(app);
const razorpay = () => adapterFor(app);
const newOrder = () => razorpay().createOrder({ amount: 119_800, currency: 'INR', receipt: 'our-order-2' });

const pay = (payload: object) => app.inject({ method: 'POST', url: '/sim/razorpay/checkout/pay', payload });
const control = (name: string, payload?: object) =>
  app.inject({ method: 'POST', url: `/sim/razorpay/control/${name}`, ...(payload ? { payload } : {}) });

describe('checkout.js and checkout.css', () => {
  it('serves the script as JavaScript, cached briefly, under a CSP that allows it', async () => {
    const response = await app.inject({ method: 'GET', url: '/sim/razorpay/checkout.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    // It must at least parse; the browser behaviour is exercised by the e2e checkout journey.
    expect(() => new Function(response.body)).not.toThrow();
    expect(response.body).toContain('window.Razorpay = Razorpay');
    expect(response.body).toContain("'Razorpay test mode'");
  });

  it('serves the stylesheet the script links', async () => {
    const script = (await app.inject({ method: 'GET', url: '/sim/razorpay/checkout.js' })).body;
    expect(script).toContain("new URL('checkout.css', base)");
    const response = await app.inject({ method: 'GET', url: '/sim/razorpay/checkout.css' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(response.body).toContain('.rzp-sim::backdrop');
  });
});

describe('the payment window’s calls', () => {
  it('shows the order’s amount to the holder of the key id only', async () => {
    const order = await newOrder();
    const query = (keyId: string, orderId: string) =>
      app.inject({
        method: 'GET',
        url: `/sim/razorpay/checkout/order?${new URLSearchParams({ key_id: keyId, order_id: orderId })}`,
      });
    const found = await query(simulator().keyId, order.id);
    expect(found.json()).toEqual({ id: order.id, amount: 119_800, currency: 'INR', status: 'created' });
    expect((await query('rzp_test_someoneElse00', order.id)).statusCode).toBe(401);
    const unknown = await query(simulator().keyId, 'order_DoesNotExist00');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.description).toBe('The id provided does not exist');
  });

  it('pays with success@razorpay: what handler() receives, signed as the SDK expects', async () => {
    const order = await newOrder();
    const response = await pay({
      key: simulator().keyId,
      order_id: order.id,
      method: 'upi',
      vpa: 'success@razorpay',
      email: 'asha@example.com',
      contact: '+919876543210',
      description: 'Face Mitt',
    });
    expect(response.statusCode).toBe(200);
    const success = response.json();
    expect(Object.keys(success).sort()).toEqual([
      'razorpay_order_id',
      'razorpay_payment_id',
      'razorpay_signature',
    ]);
    expect(success.razorpay_order_id).toBe(order.id);
    expect(
      validatePaymentVerification(
        { order_id: order.id, payment_id: success.razorpay_payment_id },
        success.razorpay_signature,
        simulator().keySecret,
      ),
    ).toBe(true);
    expect(await razorpay().fetchPayment(success.razorpay_payment_id)).toMatchObject({
      status: 'captured',
      vpa: 'success@razorpay',
      email: 'asha@example.com',
      contact: '+919876543210',
      description: 'Face Mitt',
    });
  });

  it('fails with failure@razorpay: what payment.failed callbacks receive', async () => {
    const order = await newOrder();
    const response = await pay({
      key: simulator().keyId,
      order_id: order.id,
      method: 'upi',
      vpa: 'failure@razorpay',
      description: 'Face Mitt',
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(Object.keys(error).sort()).toEqual([
      'code',
      'description',
      'metadata',
      'reason',
      'source',
      'step',
    ]);
    expect(error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      description: 'Your payment has been declined by your bank. Please try again or use a different method.',
      source: 'bank',
      step: 'payment_authorization',
      reason: 'payment_declined',
    });
    expect(error.metadata.order_id).toBe(order.id);
    expect(await razorpay().fetchPayment(error.metadata.payment_id)).toMatchObject({
      status: 'failed',
      order_id: order.id,
      description: 'Face Mitt',
      error_description: error.description,
    });
    expect((await razorpay().fetchOrder(order.id)).status).toBe('attempted');
    // The shopper retries in the same window and pays.
    const retried = await pay({ key: simulator().keyId, order_id: order.id, vpa: 'success@razorpay' });
    expect(retried.statusCode).toBe(200);
    expect((await razorpay().fetchOrder(order.id)).status).toBe('paid');
  });

  it("pays with Razorpay's test card 4111 1111 1111 1111, and declines the failure card 4000 0000 0000 0002", async () => {
    const key = simulator().keyId;
    const declinedOrder = await newOrder();
    const declined = await pay({
      key,
      order_id: declinedOrder.id,
      method: 'card',
      card_number: '4000 0000 0000 0002',
    });
    expect(declined.statusCode).toBe(400);
    const { error } = declined.json();
    expect(error).toMatchObject({ reason: 'payment_declined', metadata: { order_id: declinedOrder.id } });
    expect(await razorpay().fetchPayment(error.metadata.payment_id)).toMatchObject({
      status: 'failed',
      method: 'card',
    });

    const order = await newOrder();
    const paid = await pay({ key, order_id: order.id, method: 'card', card_number: '4111 1111 1111 1111' });
    expect(paid.statusCode).toBe(200);
    expect(await razorpay().fetchPayment(paid.json().razorpay_payment_id)).toMatchObject({ method: 'card' });
    expect((await razorpay().fetchOrder(order.id)).status).toBe('paid');

    const other = await newOrder();
    const unknownCard = await pay({
      key,
      order_id: other.id,
      method: 'card',
      card_number: '1234 5678 9012 3456',
    });
    expect(unknownCard.json().error).toMatchObject({ field: 'card_number' });
    expect((await razorpay().fetchOrderPayments(other.id)).count).toBe(0);
  });

  it('refuses a wrong key, an unknown or paid order and a malformed UPI ID, without any payment', async () => {
    const order = await newOrder();
    const key = simulator().keyId;
    const wrongKey = await pay({
      key: 'rzp_test_someoneElse00',
      order_id: order.id,
      vpa: 'success@razorpay',
    });
    expect(wrongKey.statusCode).toBe(401);
    const unknown = await pay({ key, order_id: 'order_DoesNotExist00', vpa: 'success@razorpay' });
    expect(unknown.json().error.description).toBe('The id provided does not exist');
    const malformed = await pay({ key, order_id: order.id, vpa: 'asha' });
    expect(malformed.json().error).toMatchObject({ field: 'vpa', metadata: {} });
    expect((await razorpay().fetchOrderPayments(order.id)).count).toBe(0);

    expect((await pay({ key, order_id: order.id, vpa: 'success@razorpay' })).statusCode).toBe(200);
    const again = await pay({ key, order_id: order.id, vpa: 'success@razorpay' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.description).toBe('Order has already been paid');
    const missingKey = await pay({ order_id: order.id });
    expect(missingKey.statusCode).toBe(400);
    expect(missingKey.json().error.field).toBe('key');
  });
});

describe('HTTP controls', () => {
  it('fail and restore the API', async () => {
    const failed = await control('fail-api', { mode: 'unavailable' });
    expect(failed.json()).toMatchObject({ apiFailure: 'unavailable' });
    const error = await newOrder().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RazorpayError);
    expect(error).toMatchObject({ kind: 'unavailable' });
    await control('restore-api');
    expect((await newOrder()).status).toBe('created');
    expect((await control('fail-api', { mode: 'sometimes' })).statusCode).toBe(400);
  });

  it('switch to manual capture', async () => {
    expect((await control('capture-mode', { mode: 'manual' })).json()).toMatchObject({
      captureMode: 'manual',
    });
    const order = await newOrder();
    const success = (
      await pay({ key: simulator().keyId, order_id: order.id, vpa: 'success@razorpay' })
    ).json();
    expect((await razorpay().fetchPayment(success.razorpay_payment_id)).status).toBe('authorized');
  });

  it('hold, list and release webhooks, and reset everything', async () => {
    await control('release-webhooks');
    await control('hold-webhooks');
    const order = await newOrder();
    simulator().failPayment(order.id);
    const listed = await app.inject({ method: 'GET', url: '/sim/razorpay/control/webhooks' });
    expect(listed.json()).toMatchObject({ webhooksHeld: 1, deliveries: [] });

    simulator().webhooks.setTarget('/api/no-such-webhook');
    await control('release-webhooks');
    await simulator().webhooks.settled();
    const sent = (await app.inject({ method: 'GET', url: '/sim/razorpay/control/webhooks' })).json();
    expect(sent.webhooksHeld).toBe(0);
    expect(sent.deliveries[0]).toMatchObject({ event: 'payment.failed', statusCode: 404, attempt: 1 });

    await control('capture-mode', { mode: 'manual' });
    const reset = await control('reset');
    expect(reset.json()).toEqual({ captureMode: 'auto', apiFailure: null, webhooksHeld: 0 });
  });
});

describe('when the simulator is mounted', () => {
  it('is absent when real Razorpay keys are configured', async () => {
    const real = await buildSimulatorApp(razorpaySimulator, {
      databaseOf: app,
      config: {
        razorpay: {
          keyId: 'rzp_test_realKeyId000',
          keySecret: 'real-secret-000000000000',
          webhookSecret: 'real-webhook-secret',
          baseUrl: 'https://api.razorpay.com',
        },
      },
    });
    try {
      expect(real.razorpaySimulator).toBeUndefined();
      for (const url of [
        '/sim/razorpay/checkout.js',
        '/sim/razorpay/control/webhooks',
        '/sim/razorpay/v1/orders/x',
      ]) {
        expect((await real.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    } finally {
      await real.close();
    }
  });
});
