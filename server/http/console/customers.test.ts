import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminCustomerActionReply,
  type AdminCustomerDetail,
  type AdminCustomersReply,
  accountBlockedMessage,
  adminCustomerMessages,
} from '../../../contracts/admin-customers';
import { authMessages } from '../../../contracts/auth';
import { auditLog, orders, sessions, users } from '../../db/schema';
import { createPaymentOrder } from '../../flows/checkout';
import { phoneDigitsOf } from '../../modules/admin-customers/customer-search';
import { testGoogleAccounts } from '../../simulators/google/test-accounts';
import { bearer } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { latestOtp } from '../../test/dev-outbox';
import { orderRow, placePaidOrder } from '../../test/order-helpers';
import { createSessionToken, createShopper } from '../../test/shopper-factory';
import { createStaffMember } from '../../test/staff-factory';

let app: TestApp;
let owner: { authorization: string };
let support: { authorization: string };

beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000, jobWorkers: false });
  owner = (await createStaffMember(app, { role: 'owner' })).headers;
  support = (await createStaffMember(app, { role: 'support' })).headers;
});
afterAll(() => app.closeAndDrop());

async function list(q: string, headers = support): Promise<AdminCustomersReply> {
  const reply = await app.inject({
    method: 'GET',
    url: `/api/admin/customers?q=${encodeURIComponent(q)}`,
    headers,
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<AdminCustomersReply>();
}

async function detail(id: string): Promise<AdminCustomerDetail> {
  const reply = await app.inject({ method: 'GET', url: `/api/admin/customers/${id}`, headers: support });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<AdminCustomerDetail>();
}

function act(id: string, action: 'sign-out' | 'block' | 'unblock', payload?: object, headers = owner) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/customers/${id}/${action}`,
    headers,
    ...(payload ? { payload } : {}),
  });
}

async function actOk(id: string, action: 'sign-out' | 'block' | 'unblock', payload?: object) {
  const reply = await act(id, action, payload);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<AdminCustomerActionReply>();
}

const profileWith = (headers: { authorization: string }) =>
  app.inject({ method: 'GET', url: '/api/auth/profile', headers });

const postAuth = (url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/auth/${url}`, payload });

async function auditOf(userId: string) {
  return app.db
    .select({ action: auditLog.action, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'customer'), eq(auditLog.entityId, userId)));
}

describe('GET /api/admin/customers', () => {
  it('finds shoppers by part of a name, e-mail or phone, and no others', async () => {
    const meera = await createShopper(app, {
      firstName: 'Meeraqx',
      lastName: 'Iyengarzz',
      phone: '9123456780',
    });
    const other = await createShopper(app, { firstName: 'Kabir', lastName: 'Singh', phone: '9000011112' });

    for (const q of [
      'meeraqx',
      'IYENGARZZ',
      'eraqx iyen',
      meera.contact.email.toUpperCase().split('@')[0] ?? '',
    ]) {
      const ids = (await list(q)).customers.map((row) => row.id);
      expect(ids, q).toContain(meera.user._id);
      expect(ids, q).not.toContain(other.user._id);
    }
    for (const q of ['+91 91234 56780', '91234 56', '09123456780', '3456780']) {
      const ids = (await list(q)).customers.map((row) => row.id);
      expect(ids, q).toEqual([meera.user._id]);
    }
    expect((await list('no-such-shopper-xyz')).customers).toEqual([]);
    // LIKE wildcards are taken literally.
    expect((await list('%')).customers).toEqual([]);
  });

  it('lists newest first with orders count, received total and blocked flag', async () => {
    const paid = await placePaidOrder(app);
    const later = await createShopper(app);
    const all = await list('');
    const ids = all.customers.map((row) => row.id);
    expect(ids.indexOf(later.user._id)).toBeLessThan(ids.indexOf(paid.shopper.userId));
    const row = all.customers.find((customer) => customer.id === paid.shopper.userId);
    expect(row).toMatchObject({
      ordersCount: 1,
      paidTotalPaise: paid.totalPaise,
      blocked: false,
      email: paid.shopper.email,
      name: 'Asha Rao',
    });
    expect(all.page).toBe(1);
  });

  it('counts no checkout cancelled unpaid as an order, and gives the paid total net of refunds', async () => {
    const paid = await placePaidOrder(app);
    const userId = paid.shopper.userId;
    // A checkout given up unpaid: the shopper never had that order.
    await paid.shopper.setCart([{ id: 2, quantity: 1 }]);
    const abandoned = await paid.shopper.placeOrder();
    await app.db
      .update(orders)
      .set({ status: 'cancelled', paymentStatus: 'failed' })
      .where(eq(orders.razorpayOrderId, abandoned.id));
    const refunded = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid.orderId}/refunds`,
      headers: { ...owner, 'idempotency-key': `customer-net-${userId}` },
      payload: { amountPaise: 10_000, reason: 'A goodwill refund for a late parcel' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await orderRow(app, paid.orderId)).paymentStatus).toBe('partially_refunded');

    const expected = { ordersCount: 1, paidTotalPaise: paid.totalPaise - 10_000 };
    expect((await list(paid.shopper.email)).customers[0]).toMatchObject(expected);
    expect(await detail(userId)).toMatchObject(expected);
  });

  it('refuses a bad page with a 400 and a clear message', async () => {
    const reply = await app.inject({ method: 'GET', url: '/api/admin/customers?page=0', headers: support });
    expect(reply.statusCode).toBe(400);
    expect(reply.body).toContain(adminCustomerMessages.badPage);
  });
});

describe('phoneDigitsOf', () => {
  it('reads Indian forms of a number and leaves other text alone', () => {
    expect(phoneDigitsOf('+91 98765 43210')).toBe('9876543210');
    expect(phoneDigitsOf('919876543210')).toBe('9876543210');
    expect(phoneDigitsOf('098765-43210')).toBe('9876543210');
    expect(phoneDigitsOf('98765')).toBe('98765');
    expect(phoneDigitsOf('asha')).toBeUndefined();
    expect(phoneDigitsOf('12')).toBeUndefined();
  });
});

describe('GET /api/admin/customers/:id', () => {
  it('shows profile, address, sign-in methods, live sessions and orders', async () => {
    const paid = await placePaidOrder(app);
    const userId = paid.shopper.userId;
    await createSessionToken(app, userId);
    const customer = await detail(userId);
    expect(customer).toMatchObject({
      id: userId,
      name: 'Asha Rao',
      email: paid.shopper.email,
      emailVerified: true,
      phone: paid.shopper.mobile,
      phoneVerified: false,
      address: { houseName: 'Flat 4B, Lotus Residency', city: 'Bengaluru', pincode: '560001' },
      signInMethods: { password: true, google: false, phoneCode: false, emailCode: true },
      ordersCount: 1,
      paidTotalPaise: paid.totalPaise,
      blockedAt: null,
      blockReason: null,
    });
    expect(customer.sessions).toHaveLength(2);
    expect(customer.sessions[0]).toMatchObject({ ipAddress: '127.0.0.1', device: 'Unknown device' });
    expect(customer.orders).toEqual([
      expect.objectContaining({
        orderId: paid.orderId,
        status: (await orderRow(app, paid.orderId)).status,
        paymentStatus: 'paid',
        totalPaise: paid.totalPaise,
      }),
    ]);
  });

  it('is a 404 for an unknown shopper and a 400 for a malformed id', async () => {
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/admin/customers/00000000-0000-4000-8000-000000000000',
      headers: support,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: adminCustomerMessages.customerNotFound });
    const malformed = await app.inject({ method: 'GET', url: '/api/admin/customers/nope', headers: support });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain(adminCustomerMessages.customerNotFound);
  });
});

describe('sign out everywhere', () => {
  it('ends every session of the shopper and is audited', async () => {
    const shopper = await createShopper(app);
    const second = bearer(await createSessionToken(app, shopper.user._id));
    expect((await profileWith(shopper.headers)).statusCode).toBe(200);

    const reply = await actOk(shopper.user._id, 'sign-out');
    expect(reply.message).toBe(adminCustomerMessages.signedOut);
    expect(reply.customer.sessions).toEqual([]);
    expect((await profileWith(shopper.headers)).statusCode).toBe(401);
    expect((await profileWith(second)).statusCode).toBe(401);
    expect(await auditOf(shopper.user._id)).toEqual([
      { action: 'customer.sign_out', after: { sessionsRevoked: 2 } },
    ]);
  });
});

describe('block', () => {
  it('ends sessions at once, refuses every sign-in after the credentials check, and keeps orders moving', async () => {
    const paid = await placePaidOrder(app);
    const userId = paid.shopper.userId;
    const [user] = await app.db.select().from(users).where(eq(users.id, userId));
    const email = user?.email ?? '';
    const orderBefore = await orderRow(app, paid.orderId);

    const reply = await actOk(userId, 'block', { reason: 'Chargebacks' });
    expect(reply.message).toBe(adminCustomerMessages.blocked);
    expect(reply.customer.blockedAt).not.toBeNull();
    expect(reply.customer.blockReason).toBe('Chargebacks');
    expect(reply.customer.sessions).toEqual([]);
    // The session the block ended says why, once per device: the app then forgets it (docs/product.md#customers).
    const ended = await profileWith(paid.shopper.headers);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ message: accountBlockedMessage });
    const liveSessions = await app.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(liveSessions.every((session) => session.revokedAt !== null)).toBe(true);

    // A session made after the block (a race with a login) still opens nothing.
    const lateToken = bearer(await createSessionToken(app, userId));
    expect((await profileWith(lateToken)).statusCode).toBe(401);

    const login = await postAuth('login', { email, password: 'silk-mitten-42' });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ message: accountBlockedMessage });

    const wrong = await postAuth('login', { email, password: 'not-the-password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: authMessages.invalidCredentials });
    expect(wrong.body).not.toContain('blocked');

    expect((await postAuth('send-otp', { email, purpose: 'login' })).statusCode).toBe(200);
    const otp = await latestOtp(app, email);
    const codeLogin = await postAuth('login/code', { email, otp });
    expect(codeLogin.statusCode).toBe(403);
    expect(codeLogin.json()).toMatchObject({ message: accountBlockedMessage });

    expect((await postAuth('send-otp', { email, purpose: 'reset' })).statusCode).toBe(200);
    const resetOtp = await latestOtp(app, email);
    const reset = await postAuth('password/reset', { email, otp: resetOtp, password: 'a-new-silk-pass-9' });
    expect(reset.statusCode).toBe(403);
    expect(reset.json()).toMatchObject({ message: accountBlockedMessage });
    const [after] = await app.db.select().from(users).where(eq(users.id, userId));
    expect(after?.passwordHash).toBe(user?.passwordHash);

    // create-order: the session is gone (401), and the flow itself refuses a blocked shopper.
    expect((await paid.shopper.createOrder()).statusCode).toBe(401);
    await expect(
      createPaymentOrder(app.db, app.razorpay, userId, undefined, app.deliveryPromises, app.jobs),
    ).rejects.toMatchObject({
      statusCode: 403,
      message: accountBlockedMessage,
    });

    // Their paid order is untouched and the shop can still refund it.
    expect(await orderRow(app, paid.orderId)).toEqual(orderBefore);
    const refund = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid.orderId}/refunds`,
      headers: { ...owner, 'idempotency-key': `blocked-refund-${Date.now()}` },
      payload: { amountPaise: 100, reason: 'Goodwill' },
    });
    expect(refund.statusCode, refund.body).toBe(200);

    const audit = await auditOf(userId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'customer.block', after: { reason: 'Chargebacks' } });
  });

  it('refuses a verified-phone code login of a blocked shopper', async () => {
    const shopper = await createShopper(app, { email: null });
    await actOk(shopper.user._id, 'block');
    expect(
      (await postAuth('send-otp', { mobile: shopper.contact.mobile, purpose: 'login' })).statusCode,
    ).toBe(200);
    const otp = await latestOtp(app, shopper.contact.mobile);
    const reply = await postAuth('login/code', { mobile: shopper.contact.mobile, otp });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ message: accountBlockedMessage });
  });

  it('refuses Google sign-in into a blocked account', async () => {
    const shopper = await createShopper(app);
    await actOk(shopper.user._id, 'block');
    if (!app.googleSimulator) throw new Error('the Google simulator is off');
    const [account] = testGoogleAccounts;
    if (!account) throw new Error('no Google test account');
    const credential = await app.googleSimulator.issueIdToken({ ...account, email: shopper.contact.email });
    const reply = await postAuth('google', { credential });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ message: accountBlockedMessage });
  });

  it('is idempotent: a repeat is a 200 that changes and records nothing', async () => {
    const shopper = await createShopper(app);
    const first = await actOk(shopper.user._id, 'block');
    const again = await actOk(shopper.user._id, 'block', { reason: 'again' });
    expect(again.message).toBe(adminCustomerMessages.alreadyBlocked);
    expect(again.customer.blockedAt).toBe(first.customer.blockedAt);
    expect((await auditOf(shopper.user._id)).map((entry) => entry.action)).toEqual(['customer.block']);
  });

  it('unblock lets the shopper sign in again, once, audited', async () => {
    const shopper = await createShopper(app);
    await actOk(shopper.user._id, 'block');
    const unblocked = await actOk(shopper.user._id, 'unblock', { reason: 'Sorted out' });
    expect(unblocked.message).toBe(adminCustomerMessages.unblocked);
    expect(unblocked.customer.blockedAt).toBeNull();
    const again = await actOk(shopper.user._id, 'unblock');
    expect(again.message).toBe(adminCustomerMessages.notBlocked);

    const login = await postAuth('login', { email: shopper.contact.email, password: shopper.password });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json<{ token: string }>().token;
    expect((await profileWith(bearer(token))).statusCode).toBe(200);
    expect((await auditOf(shopper.user._id)).map((entry) => entry.action).sort()).toEqual([
      'customer.block',
      'customer.unblock',
    ]);
  });

  it('refuses a reason over 500 characters with a 400', async () => {
    const shopper = await createShopper(app);
    const reply = await act(shopper.user._id, 'block', { reason: 'x'.repeat(501) });
    expect(reply.statusCode).toBe(400);
    expect(reply.body).toContain(adminCustomerMessages.reasonTooLong);
    expect((await detail(shopper.user._id)).blockedAt).toBeNull();
  });
});

describe('who may call', () => {
  const ANY_ID = '00000000-0000-4000-8000-000000000000';
  const routes = [
    { method: 'GET', url: '/api/admin/customers', ownerOnly: false },
    { method: 'GET', url: `/api/admin/customers/${ANY_ID}`, ownerOnly: false },
    { method: 'POST', url: `/api/admin/customers/${ANY_ID}/sign-out`, ownerOnly: true },
    { method: 'POST', url: `/api/admin/customers/${ANY_ID}/block`, ownerOnly: true },
    { method: 'POST', url: `/api/admin/customers/${ANY_ID}/unblock`, ownerOnly: true },
  ] as const;

  it('refuses shoppers and anonymous callers on every route', async () => {
    const shopper = await createShopper(app);
    for (const route of routes) {
      for (const headers of [shopper.headers, {}]) {
        const reply = await app.inject({ method: route.method, url: route.url, headers, payload: {} });
        expect([401, 403], `${route.method} ${route.url}`).toContain(reply.statusCode);
      }
    }
  });

  it('refuses support on the owner-only actions, and changes nothing', async () => {
    const shopper = await createShopper(app);
    for (const route of routes.filter((candidate) => candidate.ownerOnly)) {
      const url = route.url.replace(ANY_ID, shopper.user._id);
      const reply = await app.inject({ method: route.method, url, headers: support, payload: {} });
      expect(reply.statusCode, url).toBe(403);
    }
    expect((await profileWith(shopper.headers)).statusCode).toBe(200);
    expect(await auditOf(shopper.user._id)).toEqual([]);
  });
});
