import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cartLines,
  carts,
  contactMessages,
  notifications,
  orders,
  otpCodes,
  sessions,
  users,
  wishlistItems,
} from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { latestOtp } from '../test/dev-outbox';
import {
  bookShipment,
  newShopper,
  orderRow,
  placePaidOrder,
  razorpaySimulatorOf,
  type Shopper,
  shiprocketSimulatorOf,
} from '../test/order-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000, jobWorkers: false });
});
afterAll(() => app.closeAndDrop());
beforeEach(() => {
  razorpaySimulatorOf(app).reset();
  shiprocketSimulatorOf(app).reset();
});

async function leaveTraces(shopper: Shopper) {
  const wishlist = await app.inject({
    method: 'POST',
    url: '/api/wishlist/update',
    headers: shopper.headers,
    payload: { wishlist: [{ id: 4 }] },
  });
  expect(wishlist.statusCode, wishlist.body).toBe(200);
  await shopper.setCart([{ id: 6, quantity: 2 }]);
  await app.db.insert(carts).values({ userId: shopper.userId, couponCode: 'WELCOME10' });
  const contact = await app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { name: 'Asha Rao', email: shopper.email, message: 'Do you ship to Leh?' },
  });
  expect(contact.statusCode, contact.body).toBe(201);
  // Sent signed in, from another address: still the shopper's (docs/product.md#contact-inbox).
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: shopper.headers,
    payload: { name: 'Asha Rao', email: `elsewhere.${shopper.email}`, message: 'And to Kargil?' },
  });
  expect(signedIn.statusCode, signedIn.body).toBe(201);
}

/** A paid order whose parcel was delivered: it no longer holds the account open. */
async function deliveredOrder(shopper: Shopper) {
  const paid = await placePaidOrder(app, { shopper, lines: [{ id: 1, quantity: 1 }] });
  await bookShipment(app, paid.orderId);
  await app.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, paid.orderId));
  return paid;
}

const exportOf = (headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/auth/account/export', headers });

describe('GET /api/auth/account/export', () => {
  it('downloads the profile, addresses, orders, lists, messages and devices as a JSON file', async () => {
    const shopper = await newShopper(app, []);
    const stranger = await newShopper(app, [{ id: 3, quantity: 1 }]);
    const paid = await deliveredOrder(shopper);
    await leaveTraces(shopper);

    const response = await exportOf(shopper.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="ottoman-mittens-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.body).not.toMatch(/\$argon2|password_?hash|token_?hash|code_?hash/i);
    const data = response.json();
    expect(data.profile).toMatchObject({ _id: shopper.userId, email: shopper.email, hasPassword: true });
    expect(data.addresses.saved).toMatchObject({ city: 'Bengaluru', pincode: '560001' });
    expect(data.cart).toEqual([{ productId: 6, size: 'M', quantity: 2 }]);
    expect(data.cartDiscountCode).toBe('WELCOME10');
    expect(data.wishlist).toEqual([{ productId: 4, addedAt: expect.any(String) }]);
    expect(data.contactMessages).toEqual([
      { name: 'Asha Rao', email: shopper.email, message: 'Do you ship to Leh?', sentAt: expect.any(String) },
      {
        name: 'Asha Rao',
        email: `elsewhere.${shopper.email}`,
        message: 'And to Kargil?',
        sentAt: expect.any(String),
      },
    ]);
    // docs/product.md#reviews: none written, and requests not refused.
    expect(data.reviews).toEqual([]);
    expect(data.reviewRequests).toBe('asked after delivery');
    // docs/product.md#winback: reminders on, no back-in-stock list joined.
    expect(data.checkoutReminders).toBe('on');
    expect(data.backInStockRequests).toEqual([]);
    expect(data.signedInDevices).toEqual([
      expect.objectContaining({ device: 'Unknown device', current: true }),
    ]);

    expect(data.orders).toHaveLength(1);
    const [order] = data.orders;
    expect(order).toMatchObject({
      id: paid.orderId,
      orderNumber: `OM-${paid.orderId.slice(0, 8).toUpperCase()}`,
      status: 'delivered',
      paymentStatus: 'paid',
      amountsPaise: { total: paid.totalPaise },
      items: [{ productId: 1, title: 'Face Mitt', quantity: 1, unitPricePaise: 23900 }],
      payments: [{ razorpayPaymentId: paid.paymentId, status: 'captured', refunds: [] }],
      shipment: { stage: 'pickup_scheduled' },
    });
    expect(order.statusHistory).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'status', from: 'pending', to: 'confirmed' }),
      ]),
    );

    const theirs = (await exportOf(stranger.headers)).json();
    expect(theirs.orders).toEqual([]);
    expect(theirs.contactMessages).toEqual([]);
    expect(theirs.cart).toEqual([{ productId: 3, size: 'M', quantity: 1 }]);
    expect(theirs.cartDiscountCode).toBeNull();
    expect(JSON.stringify(theirs)).not.toContain(shopper.email);
  });

  it('needs a session', async () => {
    expect((await exportOf({})).statusCode).toBe(401);
  });
});

async function askDeletionCode(shopper: { headers: Record<string, string> }, to: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/account/deletion-code',
    headers: shopper.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return latestOtp(app, to);
}

const deleteWith = (headers: Record<string, string>, otp: string) =>
  app.inject({ method: 'POST', url: '/api/auth/account/delete', headers, payload: { otp } });

describe('deleting the account', () => {
  it('refuses while an order is on its way or a refund is pending, keeping the code', async () => {
    const shopper = await newShopper(app, []);
    const paid = await placePaidOrder(app, { shopper });
    const otp = await askDeletionCode(shopper, shopper.email);
    const refusal = {
      message:
        'Your account cannot be deleted while an order is on its way or a refund is pending. Please try again once it is settled.',
    };
    const onItsWay = await deleteWith(shopper.headers, otp);
    expect(onItsWay.statusCode).toBe(409);
    expect(onItsWay.json()).toEqual(refusal);

    // Cancelled, its refund not yet settled.
    await app.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, paid.orderId));
    const refundOwed = await deleteWith(shopper.headers, otp);
    expect(refundOwed.statusCode).toBe(409);
    expect(refundOwed.json()).toEqual(refusal);
    expect((await orderRow(app, paid.orderId)).userId).toBe(shopper.userId);

    await app.db.update(orders).set({ paymentStatus: 'refunded' }).where(eq(orders.id, paid.orderId));
    const settled = await deleteWith(shopper.headers, otp);
    expect(settled.statusCode, settled.body).toBe(200);
  });

  it('refuses a wrong code and changes nothing', async () => {
    const shopper = await newShopper(app, [{ id: 2, quantity: 1 }]);
    const otp = await askDeletionCode(shopper, shopper.email);
    const wrong = await deleteWith(shopper.headers, otp === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'The OTP is incorrect. Please check it and try again.' });
    const malformed = await deleteWith(shopper.headers, 'abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: 'Please enter the 6-digit OTP.' });
    expect(await app.db.select().from(users).where(eq(users.id, shopper.userId))).toHaveLength(1);
    expect(await shopper.cart()).toHaveLength(1);
  });

  it('deletes the person and keeps the orders, detached, with their address', async () => {
    const shopper = await newShopper(app, []);
    const stranger = await newShopper(app, [{ id: 3, quantity: 1 }]);
    const paid = await deliveredOrder(shopper);
    await leaveTraces(shopper);
    const before = await orderRow(app, paid.orderId);

    // The mobile typed at this e-mail signup was never verified: its owner may be someone else, mid-signup.
    const ownersCode = await app.inject({
      method: 'POST',
      url: '/api/auth/send-otp',
      payload: { mobile: shopper.mobile },
    });
    expect(ownersCode.statusCode).toBe(200);

    const otp = await askDeletionCode(shopper, shopper.email);
    const response = await deleteWith(shopper.headers, otp);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'success', message: 'Your account has been deleted.' });

    const after = await orderRow(app, paid.orderId);
    expect(after.userId).toBeNull();
    expect(after.shippingAddress).toEqual(before.shippingAddress);
    expect(after.contact).toEqual(before.contact);
    expect(after.totalPaise).toBe(before.totalPaise);

    const gone = async <T>(rows: Promise<T[]>) => expect(await rows).toEqual([]);
    await gone(app.db.select().from(users).where(eq(users.id, shopper.userId)));
    await gone(app.db.select().from(sessions).where(eq(sessions.userId, shopper.userId)));
    await gone(app.db.select().from(cartLines).where(eq(cartLines.userId, shopper.userId)));
    await gone(app.db.select().from(wishlistItems).where(eq(wishlistItems.userId, shopper.userId)));
    await gone(app.db.select().from(contactMessages).where(eq(contactMessages.email, shopper.email)));
    await gone(
      app.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.email, `elsewhere.${shopper.email}`)),
    );
    await gone(app.db.select().from(otpCodes).where(eq(otpCodes.address, shopper.email)));
    await gone(app.db.select().from(notifications).where(eq(notifications.recipient, shopper.email)));
    expect(await app.db.select().from(otpCodes).where(eq(otpCodes.address, shopper.mobile))).toHaveLength(1);
    const signedOut = await app.inject({ method: 'GET', url: '/api/auth/profile', headers: shopper.headers });
    expect(signedOut.statusCode).toBe(401);

    // Nobody else's rows went with it.
    expect(await stranger.cart()).toHaveLength(1);
    const theirProfile = await app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: stranger.headers,
    });
    expect(theirProfile.statusCode).toBe(200);
  });

  it('sends the code to the verified phone of an account without e-mail', async () => {
    const shopper = await newShopper(app, [], { email: null });
    const otp = await askDeletionCode(shopper, shopper.mobile);
    const response = await deleteWith(shopper.headers, otp);
    expect(response.statusCode, response.body).toBe(200);
    expect(await app.db.select().from(users).where(eq(users.id, shopper.userId))).toEqual([]);
    // A verified mobile is the person's own: its codes and messages go with the account.
    expect(await app.db.select().from(otpCodes).where(eq(otpCodes.address, shopper.mobile))).toEqual([]);
    expect(
      await app.db.select().from(notifications).where(eq(notifications.recipient, shopper.mobile)),
    ).toEqual([]);
  });
});
