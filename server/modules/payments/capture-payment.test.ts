import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { newShopper, orderRow, razorpaySimulatorOf } from '../../test/order-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000, jobWorkers: false });
});
afterAll(() => app.closeAndDrop());
beforeEach(() => {
  razorpaySimulatorOf(app).reset();
});

// payments.test.ts covers create-with-payment, payment-status/{id} and user-payments; this is the
// capture-payment alias of docs/product.md#http-api, which shares create-with-payment's checks.
describe('POST /api/payment/capture-payment', () => {
  it("confirms the shopper's own payment once, and is a 404 for anyone else's", async () => {
    // Held: the genuine webhook would confirm the order on its own.
    razorpaySimulatorOf(app).webhooks.hold();
    const asha = await newShopper(app);
    const ravi = await newShopper(app, []);
    const placed = await asha.placeOrder();
    const success = razorpaySimulatorOf(app).completePayment(placed.id);

    const stolen = await app.inject({
      method: 'POST',
      url: '/api/payment/capture-payment',
      headers: ravi.headers,
      payload: success,
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ message: 'Order not found' });
    expect(await orderRow(app, placed.orderId)).toMatchObject({
      paymentStatus: 'pending',
      status: 'pending',
    });
    expect(await app.db.select().from(payments).where(eq(payments.orderId, placed.orderId))).toEqual([]);

    for (let report = 0; report < 2; report++) {
      const own = await app.inject({
        method: 'POST',
        url: '/api/payment/capture-payment',
        headers: asha.headers,
        payload: success,
      });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json()).toEqual({
        success: true,
        orderId: placed.orderId,
        paymentId: success.razorpay_payment_id,
      });
    }
    expect(await orderRow(app, placed.orderId)).toMatchObject({ paymentStatus: 'paid', status: 'confirmed' });
    expect(await app.db.select().from(payments).where(eq(payments.orderId, placed.orderId))).toHaveLength(1);
  });

  it('needs a session and a payment id', async () => {
    const anonymous = await app.inject({ method: 'POST', url: '/api/payment/capture-payment', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const asha = await newShopper(app, []);
    const empty = await app.inject({
      method: 'POST',
      url: '/api/payment/capture-payment',
      headers: asha.headers,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Invalid payment response received');
  });
});
