import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { orders, users } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { newShopper, outboxOf, placePaidOrder, sendQueuedOrderEmails } from '../test/order-helpers';
import { shippingDeps } from './deps';
import { createShipmentForOrder } from './fulfil-order';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000, jobWorkers: false });
});
afterAll(() => app.closeAndDrop());
beforeEach(() => {
  vi.restoreAllMocks();
});

const formatMessage = 'Pincode must be 6 digits and cannot start with 0';

/** Each pincode issue 27 names, and a state that is not India's: refused wherever an address is saved or used. */
const brokenAddresses: [Record<string, string>, string][] = [
  [{ pincode: '5600AB' }, formatMessage],
  [{ pincode: '1234567' }, formatMessage],
  [{ pincode: '000000' }, formatMessage],
  [{ pincode: '012345' }, formatMessage],
  [{ pincode: '999999' }, "We could not find pincode 999999 in India Post's directory. Please check it."],
  [{ state: 'Bavaria' }, 'Please choose your state or union territory.'],
];

describe('POST /api/payment/create-order refuses an address that breaks a rule (docs/product.md#delivery-address)', () => {
  it.each([
    ...brokenAddresses,
    [{ houseName: '' }, 'Please complete your profile with address details before placing order.'],
    [{ phone: null }, 'Please add a mobile number the courier can call.'],
  ])('%j: 400 with the rule, no order, no Razorpay order', async (address, message) => {
    const shopper = await newShopper(app);
    await app.db.update(users).set(address).where(eq(users.id, shopper.userId));
    const razorpayOrders = vi.spyOn(app.razorpay.client, 'createOrder');
    const response = await shopper.createOrder();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(razorpayOrders).not.toHaveBeenCalled();
    expect(await app.db.select().from(orders).where(eq(orders.userId, shopper.userId))).toEqual([]);
  });

  it("gives the courier the address's own contact mobile, and keeps the order's SMS on the account's", async () => {
    const shopper = await newShopper(app, [{ id: 1, quantity: 1 }], { email: null });
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: shopper.headers,
      payload: { deliveryPhone: '+91 98450-12345' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ deliveryPhone: string }>().deliveryPhone).toBe('9845012345');
    const paid = await placePaidOrder(app, { shopper });
    const [order] = await app.db.select().from(orders).where(eq(orders.id, paid.orderId));
    expect(order?.contact).toMatchObject({ phone: shopper.mobile, deliveryPhone: '9845012345' });

    const deps = shippingDeps(app);
    const booking = vi.spyOn(deps.shiprocket.client, 'createAdhocOrder');
    await createShipmentForOrder(deps, { orderId: paid.orderId });
    expect(booking.mock.calls).toEqual([[expect.objectContaining({ billing_phone: '9845012345' })]]);
    await sendQueuedOrderEmails(app, paid.orderId);
    const sms = (await outboxOf(app, shopper.mobile)).filter((message) => message.channel === 'sms');
    expect(sms.some((message) => message.body.includes('is confirmed'))).toBe(true);
  });

  it("keeps no second copy of the account's own number", async () => {
    const shopper = await newShopper(app);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: shopper.headers,
      payload: { deliveryPhone: `+91 ${shopper.mobile}` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ deliveryPhone: '', phone: shopper.mobile });
  });
});

describe('PUT /api/auth/profile keeps the pincode rule (docs/product.md#pincode-directory)', () => {
  it.each([
    ...brokenAddresses,
    [{ deliveryPhone: '12345' }, 'Phone number must be exactly 10 digits (e.g., 9876543211)'],
  ])('refuses %j', async (update, message) => {
    const shopper = await newShopper(app);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: shopper.headers,
      payload: update,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
  });

  it('saves a listed pincode with its state', async () => {
    const shopper = await newShopper(app);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: shopper.headers,
      payload: { pincode: '411001', city: 'Pune', state: 'Maharashtra' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ pincode: '411001', state: 'Maharashtra' });
  });
});
