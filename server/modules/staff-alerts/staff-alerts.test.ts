import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PushPayload, staffAlertMessages } from '../../../contracts/staff-alerts';
import { auditLog, orders, staff, staffPushSubscriptions } from '../../db/schema';
import { jobQueues } from '../../job-queues';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { readOutbox } from '../../test/dev-outbox';
import { jobsOf, newShopper, placePaidOrder, razorpaySimulatorOf } from '../../test/order-helpers';
import { createStaffMember } from '../../test/staff-factory';
import type { Notifier } from '../notifications/notifier';
import { transitionOrder } from '../orders/order-writer';
import { staffWhoChose } from './alert-recipients';
import { pushAttentionAlert } from './attention-alert';
import { digestDayAt, sendDailyDigests } from './daily-digest';
import { type AlertDeps, sendNewOrderAlerts } from './new-order-alert';
import type { PushOutcome, PushSender, PushTarget } from './push-sender';

// docs/product.md#staff-alerts: new-order e-mails, the daily digest and browser push. The tests run without
// workers and do the jobs' work themselves, with a push sender of their own: nothing leaves the machine.

let app: TestApp;
/** What the push services' names resolve to here: a public address unless a test says otherwise. */
const resolved = new Map<string, string>();
beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 10_000, jobWorkers: false });
  if (app.webPush) {
    app.webPush.resolveHost = async (host) => [{ address: resolved.get(host) ?? '142.250.77.42', family: 4 }];
  }
});
afterAll(() => app.closeAndDrop());
beforeEach(async () => {
  razorpaySimulatorOf(app).reset();
  await app.db.delete(staffPushSubscriptions);
});

/** A push sender that records what it was asked to send, and answers `gone` for the endpoints in `gone`. */
function fakePush(gone: ReadonlySet<string> = new Set()) {
  const sent: { endpoint: string; payload: PushPayload }[] = [];
  const send: PushSender = async (target: PushTarget, payload): Promise<PushOutcome> => {
    sent.push({ endpoint: target.endpoint, payload });
    return gone.has(target.endpoint) ? 'gone' : 'sent';
  };
  return { sent, send };
}

function deps(push: PushSender | null = null, notifier: AlertDeps['notifier'] = app.notifier): AlertDeps {
  return { db: app.db, notifier, push, publicUrl: 'https://shop.example.in' };
}

function aSubscription() {
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`,
    keys: { p256dh: randomBytes(65).toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

async function subscribe(headers: { authorization: string }, subscription = aSubscription()) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/alerts/push-subscriptions',
    headers,
    payload: subscription,
  });
  expect(response.statusCode, response.body).toBe(200);
  return subscription;
}

async function choose(headers: { authorization: string }, newOrderEmail: string) {
  return app.inject({ method: 'PUT', url: '/api/admin/alerts', headers, payload: { newOrderEmail } });
}

async function subscriptionRows() {
  return app.db
    .select({ staffId: staffPushSubscriptions.staffId, endpoint: staffPushSubscriptions.endpoint })
    .from(staffPushSubscriptions);
}

const newOrderMails = async (email: string) =>
  (await readOutbox(app, email)).filter((message) => message.subject.startsWith('New order '));

describe('each member chooses their own alerts (GET and PUT /api/admin/alerts)', () => {
  it('starts owners on an e-mail for each order and support on none, with the key to subscribe with', async () => {
    const owner = await createStaffMember(app, { role: 'owner' });
    const support = await createStaffMember(app, { role: 'support' });
    const ownerReply = await app.inject({ method: 'GET', url: '/api/admin/alerts', headers: owner.headers });
    expect(ownerReply.statusCode, ownerReply.body).toBe(200);
    const settings = ownerReply.json();
    expect(settings).toMatchObject({ newOrderEmail: 'each_order', push: { available: true } });
    expect(settings.push.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const supportReply = await app.inject({
      method: 'GET',
      url: '/api/admin/alerts',
      headers: support.headers,
    });
    // Every process of the shop signs with the one pair kept in the database.
    expect(supportReply.json()).toEqual({ ...settings, newOrderEmail: 'none' });
  });

  it('saves a choice, records it in the audit log, and refuses anything else with a 400', async () => {
    const support = await createStaffMember(app, { role: 'support' });
    const saved = await choose(support.headers, 'daily_digest');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Alerts saved.',
      settings: { newOrderEmail: 'daily_digest' },
    });
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staffId, support.staffId), eq(auditLog.action, 'staff.alerts')));
    expect(audit).toMatchObject({
      entityType: 'staff',
      entityId: support.staffId,
      before: { newOrderEmail: 'none' },
      after: { newOrderEmail: 'daily_digest' },
    });

    const refused = await choose(support.headers, 'hourly');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Please choose how you want to hear of new orders.');
    const anonymous = await app.inject({
      method: 'PUT',
      url: '/api/admin/alerts',
      payload: { newOrderEmail: 'none' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("shows an owner every member's choice and devices on the Staff page, and refuses support", async () => {
    const owner = await createStaffMember(app, { role: 'owner', name: 'Asha Rao' });
    const support = await createStaffMember(app, { role: 'support', name: 'Ravi Kumar' });
    await choose(support.headers, 'each_order');
    await subscribe(support.headers);
    await subscribe(support.headers);
    const list = await app.inject({ method: 'GET', url: '/api/admin/alerts/staff', headers: owner.headers });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().staff as { staffId: string }[];
    expect(rows.find((row) => row.staffId === owner.staffId)).toEqual({
      staffId: owner.staffId,
      name: 'Asha Rao',
      role: 'owner',
      newOrderEmail: 'each_order',
      pushDevices: 0,
    });
    expect(rows.find((row) => row.staffId === support.staffId)).toMatchObject({
      newOrderEmail: 'each_order',
      pushDevices: 2,
    });
    const refused = await app.inject({
      method: 'GET',
      url: '/api/admin/alerts/staff',
      headers: support.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('notifications on a device (POST and DELETE /api/admin/alerts/push-subscriptions)', () => {
  it('keeps one subscription per device, bound to the member who turned it on: another is refused, not given it', async () => {
    const owner = await createStaffMember(app, { role: 'owner' });
    const support = await createStaffMember(app, { role: 'support' });
    const device = await subscribe(support.headers);
    await subscribe(support.headers, device);
    expect(await subscriptionRows()).toEqual([{ staffId: support.staffId, endpoint: device.endpoint }]);

    const takeover = await app.inject({
      method: 'POST',
      url: '/api/admin/alerts/push-subscriptions',
      headers: owner.headers,
      payload: { ...device, keys: aSubscription().keys },
    });
    expect(takeover.statusCode).toBe(409);
    expect(takeover.json()).toEqual({ message: staffAlertMessages.deviceOfAnother });
    expect(await subscriptionRows()).toEqual([{ staffId: support.staffId, endpoint: device.endpoint }]);
    const [kept] = await app.db.select().from(staffPushSubscriptions);
    expect(kept?.p256dh).toBe(device.keys.p256dh);

    // One's own device only: the owner's "stop" leaves the support member's.
    const stop = (headers: { authorization: string }) =>
      app.inject({
        method: 'DELETE',
        url: '/api/admin/alerts/push-subscriptions',
        headers,
        payload: { endpoint: device.endpoint },
      });
    const notMine = await stop(owner.headers);
    expect(notMine.statusCode).toBe(200);
    expect(await subscriptionRows()).toHaveLength(1);
    const stopped = await stop(support.headers);
    expect(stopped.json()).toEqual({
      status: 'success',
      message: 'This device will no longer show notifications.',
    });
    expect(await subscriptionRows()).toEqual([]);
  });

  it('takes only a push service’s endpoint: never a loopback, private, link-local or unknown host', async () => {
    const owner = await createStaffMember(app, { role: 'owner' });
    resolved.set('wns2-pn1p.notify.windows.com', '10.0.0.7');
    const endpoints = [
      'https://127.0.0.1/send/1',
      'https://10.0.0.1/send/1',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/send/1',
      'https://[::ffff:127.0.0.1]/send/1',
      'https://push.example.test/send/1',
      'https://fcm.googleapis.com.example.test/fcm/send/1',
      'https://fcm.googleapis.com:8443/fcm/send/1',
      'https://user@fcm.googleapis.com/fcm/send/1',
      // A push service's name that resolves to a private address (a poisoned or rebinding resolver).
      'https://wns2-pn1p.notify.windows.com/w/?token=1',
    ];
    for (const endpoint of endpoints) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/alerts/push-subscriptions',
        headers: owner.headers,
        payload: { ...aSubscription(), endpoint },
      });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json(), endpoint).toEqual({ message: staffAlertMessages.notAPushService });
    }
    expect(await subscriptionRows()).toEqual([]);
    for (const endpoint of [
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGuQ',
      'https://db5p.notify.windows.com/w/?token=2',
    ]) {
      await subscribe(owner.headers, { ...aSubscription(), endpoint });
    }
    expect(await subscriptionRows()).toHaveLength(3);
  });

  it('refuses what is not a browser push subscription', async () => {
    const owner = await createStaffMember(app, { role: 'owner' });
    for (const payload of [
      { ...aSubscription(), endpoint: 'http://push.example.test/plain-http' },
      { ...aSubscription(), endpoint: 'not a url' },
      { endpoint: aSubscription().endpoint, keys: { p256dh: 'has spaces', auth: 'x' } },
      { endpoint: aSubscription().endpoint },
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/alerts/push-subscriptions',
        headers: owner.headers,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await subscriptionRows()).toEqual([]);
  });
});

describe('a new paid order', () => {
  it('is alerted once, by e-mail and push, when the browser, the webhook and a retried job confirm it at once', async () => {
    const owner = await createStaffMember(app, { role: 'owner' });
    const quiet = await createStaffMember(app, { role: 'support' });
    const eager = await createStaffMember(app, { role: 'support' });
    await choose(eager.headers, 'each_order');
    const ownerDevice = await subscribe(owner.headers);
    const eagerDevice = await subscribe(eager.headers);

    const simulator = razorpaySimulatorOf(app);
    simulator.webhooks.hold();
    const shopper = await newShopper(app, [{ id: 1, quantity: 2 }]);
    const placed = await shopper.placeOrder();
    const success = await simulator.completePayment(placed.id);
    const [first, second] = await Promise.all([
      shopper.reportPayment(success),
      shopper.reportPayment(success),
      (async () => {
        simulator.webhooks.release();
        await simulator.webhooks.settled();
      })(),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const jobs = await jobsOf(app, jobQueues.alertNewOrder, 'orderId', placed.orderId);
    expect(jobs).toEqual([{ orderId: placed.orderId }]);

    // The job run twice at once (a retry overlapping, a second worker), then once more.
    const push = fakePush();
    await Promise.all([
      sendNewOrderAlerts(deps(push.send), { orderId: placed.orderId }),
      sendNewOrderAlerts(deps(push.send), { orderId: placed.orderId }),
    ]);
    await sendNewOrderAlerts(deps(push.send), { orderId: placed.orderId });

    const number = `OM-${placed.orderId.slice(0, 8).toUpperCase()}`;
    const [mail, ...more] = await newOrderMails(owner.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`New order ${number}: ₹578.00`);
    expect(mail?.body).toContain('Amount paid: ₹578.00');
    expect(mail?.body).toContain('- Face Mitt (Size M) x 2: ₹478.00');
    expect(mail?.body).toMatch(/Delivery to: \S.*, \S/);
    expect(mail?.body).toContain(`Open the order: https://shop.example.in/admin/orders/${placed.orderId}`);
    expect(mail?.body).toMatch(
      new RegExp(`Order ${number} was paid on \\d{1,2} \\w+ \\d{4}, \\d{1,2}:\\d\\d [ap]m IST\\.`),
    );
    expect(await newOrderMails(eager.email)).toHaveLength(1);
    expect(await newOrderMails(quiet.email)).toEqual([]);

    expect(push.sent.map((sent) => sent.endpoint).sort()).toEqual(
      [ownerDevice.endpoint, eagerDevice.endpoint].sort(),
    );
    expect(push.sent[0]?.payload).toEqual({
      title: `New order ${number}: ₹578.00`,
      body: expect.stringMatching(/^Face Mitt \(Size M\) x 2 · \S/),
      url: `/admin/orders/${placed.orderId}`,
      tag: `order-${placed.orderId}`,
    });
  });

  it('sends what failed when the job is retried, and nothing twice', async () => {
    const owner = await createStaffMember(app, { role: 'owner' });
    const paid = await placePaidOrder(app);
    let failures = 1;
    const flaky: Pick<Notifier, 'email'> = {
      email: async (message) => {
        if (message.to === owner.email && failures > 0) {
          failures -= 1;
          throw new Error('the mail server is down');
        }
        await app.notifier.email(message);
      },
    };
    await expect(sendNewOrderAlerts(deps(null, flaky), { orderId: paid.orderId })).rejects.toThrow(
      'the mail server is down',
    );
    expect(await newOrderMails(owner.email)).toEqual([]);
    await sendNewOrderAlerts(deps(null, flaky), { orderId: paid.orderId });
    await sendNewOrderAlerts(deps(null, flaky), { orderId: paid.orderId });
    expect(await newOrderMails(owner.email)).toHaveLength(1);
  });

  it('forgets a device the push service says is gone, and keeps the others', async () => {
    const owner = await createStaffMember(app, { role: 'owner' });
    const kept = await subscribe(owner.headers);
    const dropped = await subscribe(owner.headers);
    const paid = await placePaidOrder(app);
    const push = fakePush(new Set([dropped.endpoint]));
    await sendNewOrderAlerts(deps(push.send), { orderId: paid.orderId });
    expect(push.sent).toHaveLength(2);
    expect(await subscriptionRows()).toEqual([{ staffId: owner.staffId, endpoint: kept.endpoint }]);
  });

  it('sends nothing to a disabled member or their devices', async () => {
    const gone = await createStaffMember(app, { role: 'owner' });
    await subscribe(gone.headers);
    await app.db.update(staff).set({ disabledAt: new Date() }).where(eq(staff.id, gone.staffId));
    const paid = await placePaidOrder(app);
    const push = fakePush();
    await sendNewOrderAlerts(deps(push.send), { orderId: paid.orderId });
    expect(await newOrderMails(gone.email)).toEqual([]);
    expect(push.sent).toEqual([]);
  });
});

describe('a new needs-attention flag', () => {
  async function attentionJobs(orderId: string) {
    const result = (await app.db.execute(
      sql`select j.data from pgboss.job j join order_attention a on a.id::text = j.data->>'attentionId'
          where j.name = ${jobQueues.alertAttention} and a.order_id = ${orderId}`,
    )) as unknown as { rows: { data: { attentionId: string } }[] };
    return result.rows.map((row) => row.data);
  }

  it('is pushed once to each device, opening the order; the same flag raised again is not news', async () => {
    const owner = await createStaffMember(app, { role: 'owner' });
    const device = await subscribe(owner.headers);
    const paid = await placePaidOrder(app);
    await transitionOrder(app.db, app.jobs, paid.orderId, { type: 'shipment_overdue' }, 'system');
    await transitionOrder(app.db, app.jobs, paid.orderId, { type: 'shipment_overdue' }, 'system');
    const jobs = await attentionJobs(paid.orderId);
    expect(jobs).toHaveLength(1);
    const job = jobs[0] as { attentionId: string };

    const push = fakePush();
    await Promise.all([
      pushAttentionAlert({ db: app.db, push: push.send }, job),
      pushAttentionAlert({ db: app.db, push: push.send }, job),
    ]);
    const number = `OM-${paid.orderId.slice(0, 8).toUpperCase()}`;
    expect(push.sent).toEqual([
      {
        endpoint: device.endpoint,
        payload: {
          title: `Order ${number} needs attention`,
          body: 'Paid over 30 minutes ago and its pickup is still not booked.',
          url: `/admin/orders/${paid.orderId}`,
          tag: `attention-${job.attentionId}`,
        },
      },
    ]);
  });
});

describe('the daily digest', () => {
  it('is sent from 9:00 am IST, about the IST day before', () => {
    expect(digestDayAt(new Date('2026-05-10T03:29:59Z'))).toBeUndefined();
    expect(digestDayAt(new Date('2026-05-10T03:30:00Z'))).toBe('2026-05-09');
    expect(digestDayAt(new Date('2026-05-10T18:29:59Z'))).toBe('2026-05-09');
    // Midnight IST begins the 11th, whose digest waits for 9:00 am.
    expect(digestDayAt(new Date('2026-05-10T18:30:00Z'))).toBeUndefined();
    expect(digestDayAt(new Date('2026-05-11T03:30:00Z'))).toBe('2026-05-10');
  });

  it("lists the IST day's paid orders and their total, once per member, even sent twice at once", async () => {
    const reader = await createStaffMember(app, { role: 'support' });
    await choose(reader.headers, 'daily_digest');
    const owner = await createStaffMember(app, { role: 'owner' });
    const paidAt = {
      // 12:01 am and 11:59 pm IST on 9 May 2026 are that day; 12:01 am on the 10th is the next.
      early: new Date('2026-05-08T18:31:00Z'),
      late: new Date('2026-05-09T18:29:00Z'),
      nextDay: new Date('2026-05-09T18:31:00Z'),
    };
    const placed: Record<string, string> = {};
    for (const [name, when] of Object.entries(paidAt)) {
      const paid = await placePaidOrder(app);
      await app.db.update(orders).set({ paidAt: when }).where(eq(orders.id, paid.orderId));
      placed[name] = `OM-${paid.orderId.slice(0, 8).toUpperCase()}`;
    }
    const clock = new Date('2026-05-10T03:30:00Z');

    expect(await sendDailyDigests(deps(), new Date('2026-05-10T03:29:00Z'))).toBe(0);
    const sent = await Promise.all([sendDailyDigests(deps(), clock), sendDailyDigests(deps(), clock)]);
    // One each for this member and any other who chose the digest earlier in this file.
    expect(sent[0] + sent[1]).toBe((await staffWhoChose(app.db, 'daily_digest')).length);
    expect(await sendDailyDigests(deps(), new Date('2026-05-10T10:30:00Z'))).toBe(0);

    const digests = (await readOutbox(app, reader.email)).filter((mail) =>
      mail.subject.startsWith('Orders on'),
    );
    expect(digests).toHaveLength(1);
    const digest = digests[0];
    expect(digest?.subject).toBe('Orders on 9 May 2026: 2 orders, ₹678.00');
    expect(digest?.body).toContain('Orders paid on 9 May 2026 (IST): 2\nTotal paid: ₹678.00');
    expect(digest?.body).toContain(`${placed.early}, 12:01 am: ₹339.00, to `);
    expect(digest?.body).toContain(`${placed.late}, 11:59 pm: ₹339.00, to `);
    expect(digest?.body).not.toContain(String(placed.nextDay));
    expect(digest?.body).toContain('Open the console: https://shop.example.in/admin');
    // The owner kept the default, an e-mail for each order.
    expect((await readOutbox(app, owner.email)).some((mail) => mail.subject.startsWith('Orders on'))).toBe(
      false,
    );
  });
});

describe('a shop without push (production without VAPID keys)', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await buildTestApp({ jobWorkers: false, webPush: { kind: 'off' } });
  });
  afterAll(() => shop.closeAndDrop());

  it('says push is unavailable and refuses a subscription with a 409', async () => {
    const owner = await createStaffMember(shop, { role: 'owner' });
    const settings = await shop.inject({ method: 'GET', url: '/api/admin/alerts', headers: owner.headers });
    expect(settings.json()).toEqual({
      newOrderEmail: 'each_order',
      push: { available: false, publicKey: null },
    });
    const refused = await shop.inject({
      method: 'POST',
      url: '/api/admin/alerts/push-subscriptions',
      headers: owner.headers,
      payload: aSubscription(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Browser notifications are not set up on this shop. Please ask whoever runs the server.',
    );
  });
});
