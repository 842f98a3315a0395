import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CartReply } from '../../../contracts/cart';
import type { OrderConfirmation } from '../../../contracts/orders';
import { type WinbackReportReply, winbackMessages } from '../../../contracts/winback';
import { checkoutReminders, orders, stockNotifyRequests } from '../../db/schema';
import { jobQueues } from '../../job-queues';
import { moneyOfOrder } from '../../modules/order-money/append-entries';
import { queueDueReminders, sendCheckoutReminder } from '../../modules/winback/checkout-reminders';
import { winbackReport } from '../../modules/winback/winback-report';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { readOutbox } from '../../test/dev-outbox';
import { newShopper, razorpaySimulatorOf, type Shopper } from '../../test/order-helpers';
import { createStaffMember } from '../../test/staff-factory';

// docs/product.md#winback: abandoned checkouts' reminders driven with a fake clock (each step is given its `now`,
// as the sweeps' tests do): their times, the night, payment, opt-out, a changed cart, the cap, the link back to
// checkout and the recovered order in the console's report.

let app: TestApp;
let owner: { authorization: string };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A day `daysAgo` days back at this IST time, as a UTC instant. */
function istAt(daysAgo: number, hour: number, minute = 0): Date {
  const ist = new Date(Date.now() + 330 * MINUTE - daysAgo * 24 * HOUR);
  return new Date(
    Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate(), hour, minute) - 330 * MINUTE,
  );
}
const later = (at: Date, ms: number) => new Date(at.getTime() + ms);

beforeAll(async () => {
  app = await buildTestApp({ jobWorkers: false });
  owner = (await createStaffMember(app, { role: 'owner' })).headers;
});
afterAll(() => app.closeAndDrop());
beforeEach(async () => {
  razorpaySimulatorOf(app).reset();
  await saveSettings({});
});

async function saveSettings(change: object) {
  const reply = await app.inject({
    method: 'PUT',
    url: '/api/admin/winback/settings',
    headers: owner,
    payload: {
      enabled: true,
      firstDelayMinutes: 60,
      secondDelayMinutes: 1380,
      secondReminderCode: null,
      ...change,
    },
  });
  expect(reply.statusCode, reply.body).toBe(200);
}

/** A shopper's checkout (PLACE ORDER, never paid), placed at `placedAt`. */
async function abandonedCheckout(placedAt: Date, shopper?: Shopper) {
  const buyer = shopper ?? (await newShopper(app, [{ id: 1, quantity: 2 }]));
  const placed = await buyer.placeOrder();
  const [order] = await app.db
    .update(orders)
    .set({ createdAt: placedAt })
    .where(eq(orders.razorpayOrderId, placed.id))
    .returning({ id: orders.id });
  if (!order) throw new Error('no order');
  return { shopper: buyer, orderId: order.id, razorpayOrderId: placed.id };
}

/** Does the work of the queued reminder jobs here (the tests run without workers), as at `now`. */
async function runReminderJobs(now: Date) {
  const jobs = (await app.db.execute(sql`select id, data from pgboss.job
    where name = ${jobQueues.sendCheckoutReminder} and state = 'created' order by created_on`)) as unknown as {
    rows: { id: string; data: { reminderId: string } }[];
  };
  for (const job of jobs.rows) {
    await sendCheckoutReminder(app.db, app.notifier, job.data, app.config.publicUrl, now);
    await app.db.execute(sql`update pgboss.job set state = 'completed' where id = ${job.id}`);
  }
  return jobs.rows.length;
}

async function remindersOf(orderId: string) {
  return app.db
    .select()
    .from(checkoutReminders)
    .where(eq(checkoutReminders.orderId, orderId))
    .orderBy(checkoutReminders.step);
}

const reminderMails = async (shopper: Shopper) =>
  (await readOutbox(app, shopper.email)).filter((message) => message.body.includes('/profile?resume='));

function tokenOf(body: string): string {
  const token = /\/profile\?resume=([\w-]+)/.exec(body)?.[1];
  if (!token) throw new Error('no link');
  return token;
}

describe('an abandoned checkout', () => {
  it('gets its first reminder an hour after PLACE ORDER and its second at 23 hours, once each', async () => {
    const placedAt = istAt(2, 10);
    const { shopper, orderId } = await abandonedCheckout(placedAt);

    expect(await queueDueReminders(app.db, app.jobs, later(placedAt, 59 * MINUTE))).toBe(0);
    expect(await queueDueReminders(app.db, app.jobs, later(placedAt, 61 * MINUTE))).toBe(1);
    expect(await queueDueReminders(app.db, app.jobs, later(placedAt, 62 * MINUTE))).toBe(0);
    expect(await runReminderJobs(later(placedAt, 62 * MINUTE))).toBe(1);
    let mails = await reminderMails(shopper);
    expect(mails.map((mail) => mail.subject)).toEqual(['You left something in your cart']);
    expect(mails[0]?.body).toContain('/profile?opt-out=');

    expect(await queueDueReminders(app.db, app.jobs, later(placedAt, 22 * HOUR))).toBe(0);
    expect(await queueDueReminders(app.db, app.jobs, later(placedAt, 23 * HOUR + MINUTE))).toBe(1);
    await runReminderJobs(later(placedAt, 23 * HOUR + 2 * MINUTE));
    expect(await queueDueReminders(app.db, app.jobs, later(placedAt, 24 * HOUR))).toBe(0);
    mails = await reminderMails(shopper);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Still thinking it over?',
      'You left something in your cart',
    ]);
    expect((await remindersOf(orderId)).map((row) => [row.step, row.status, row.channel])).toEqual([
      [1, 'sent', 'email'],
      [2, 'sent', 'email'],
    ]);
  });

  it('gets none once paid, even when its reminder was queued before the payment', async () => {
    const placedAt = istAt(2, 11);
    const { shopper, orderId, razorpayOrderId } = await abandonedCheckout(placedAt);
    expect(await queueDueReminders(app.db, app.jobs, later(placedAt, 61 * MINUTE))).toBe(1);
    const success = razorpaySimulatorOf(app).completePayment(razorpayOrderId);
    const paid = await shopper.reportPayment(success);
    expect(paid.statusCode, paid.body).toBe(200);
    await runReminderJobs(later(placedAt, 62 * MINUTE));
    expect(await reminderMails(shopper)).toEqual([]);
    expect((await remindersOf(orderId)).map((row) => [row.status, row.skippedReason])).toEqual([
      ['skipped', 'paid'],
    ]);
    // Nor a second one: a paid checkout is not a candidate.
    expect(await queueDueReminders(app.db, app.jobs, later(placedAt, 23 * HOUR + MINUTE))).toBe(0);
  });

  it('gets none after the shopper opts out through the link, and the profile shows it', async () => {
    const placedAt = istAt(2, 12);
    const { shopper, orderId } = await abandonedCheckout(placedAt);
    await queueDueReminders(app.db, app.jobs, later(placedAt, 61 * MINUTE));
    await runReminderJobs(later(placedAt, 61 * MINUTE));
    const [mail] = await reminderMails(shopper);
    const optOut = await app.inject({
      method: 'POST',
      url: '/api/checkout-reminders/opt-out',
      payload: { token: tokenOf(mail?.body ?? '') },
    });
    expect(optOut.statusCode, optOut.body).toBe(200);
    expect(optOut.json()).toEqual({ message: winbackMessages.optedOut });
    const profile = await app.inject({
      method: 'GET',
      url: '/api/account/reminders',
      headers: shopper.headers,
    });
    expect(profile.json()).toEqual({ optedOut: true });

    await queueDueReminders(app.db, app.jobs, later(placedAt, 23 * HOUR + MINUTE));
    await runReminderJobs(later(placedAt, 23 * HOUR + MINUTE));
    expect(await reminderMails(shopper)).toHaveLength(1);
    expect((await remindersOf(orderId)).map((row) => [row.status, row.skippedReason])).toEqual([
      ['sent', null],
      ['skipped', 'opted_out'],
    ]);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/checkout-reminders/opt-out',
      payload: { token: 'x'.repeat(40) },
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().message).toBe(winbackMessages.linkInvalid);
  });

  it('waits through the night for 9:00 am IST, and a first reminder overtaken by the second is dropped', async () => {
    const placedAt = istAt(2, 21, 30);
    const { shopper, orderId } = await abandonedCheckout(placedAt);
    // 22:31 and 2:00 IST: nothing decided.
    expect(await queueDueReminders(app.db, app.jobs, later(placedAt, 61 * MINUTE))).toBe(0);
    expect(await queueDueReminders(app.db, app.jobs, later(placedAt, 4.5 * HOUR))).toBe(0);
    expect(await remindersOf(orderId)).toEqual([]);
    // 9:01 am IST: the first reminder goes (its second is due at 20:30).
    const morning = later(placedAt, 11.5 * HOUR + MINUTE);
    expect(await queueDueReminders(app.db, app.jobs, morning)).toBe(1);
    await runReminderJobs(morning);
    expect(await reminderMails(shopper)).toHaveLength(1);

    await saveSettings({ firstDelayMinutes: 60, secondDelayMinutes: 600 });
    const other = await abandonedCheckout(placedAt);
    await queueDueReminders(app.db, app.jobs, morning);
    await runReminderJobs(morning);
    expect(
      (await remindersOf(other.orderId)).map((row) => [row.step, row.status, row.skippedReason]),
    ).toEqual([
      [1, 'skipped', 'superseded'],
      [2, 'sent', null],
    ]);
  });

  it('is never sent at night by a job that runs late: it is decided again at 9:00 am', async () => {
    const placedAt = istAt(2, 19, 30);
    const { shopper, orderId } = await abandonedCheckout(placedAt);
    expect(await queueDueReminders(app.db, app.jobs, later(placedAt, 61 * MINUTE))).toBe(1);
    await runReminderJobs(later(placedAt, 4 * HOUR));
    expect(await reminderMails(shopper)).toEqual([]);
    expect(await remindersOf(orderId)).toEqual([]);
    const morning = later(placedAt, 13.5 * HOUR + MINUTE);
    expect(await queueDueReminders(app.db, app.jobs, morning)).toBe(1);
    await runReminderJobs(morning);
    expect(await reminderMails(shopper)).toHaveLength(1);
  });

  it('gets none once the cart changed', async () => {
    const placedAt = istAt(2, 13);
    const { shopper, orderId } = await abandonedCheckout(placedAt);
    await queueDueReminders(app.db, app.jobs, later(placedAt, 61 * MINUTE));
    await shopper.setCart([{ id: 1, quantity: 3 }]);
    await runReminderJobs(later(placedAt, 61 * MINUTE));
    expect(await reminderMails(shopper)).toEqual([]);
    expect((await remindersOf(orderId)).map((row) => row.skippedReason)).toEqual(['cart_changed']);
  });

  it('gets none past the shopper’s cap of promotional messages', async () => {
    const placedAt = istAt(2, 14);
    const { shopper, orderId } = await abandonedCheckout(placedAt);
    // Two back-in-stock notices told in the last hours fill the day's cap.
    for (const productId of [2, 3]) {
      await app.db.insert(stockNotifyRequests).values({
        userId: shopper.userId,
        productId,
        channel: 'email',
        restockId: crypto.randomUUID(),
        toldAt: later(placedAt, 30 * MINUTE),
      });
    }
    await queueDueReminders(app.db, app.jobs, later(placedAt, 61 * MINUTE));
    await runReminderJobs(later(placedAt, 61 * MINUTE));
    expect(await reminderMails(shopper)).toEqual([]);
    expect((await remindersOf(orderId)).map((row) => row.skippedReason)).toEqual(['capped']);
  });

  it('is reminded once when its job runs twice at once', async () => {
    const placedAt = istAt(2, 15);
    const { shopper, orderId } = await abandonedCheckout(placedAt);
    await queueDueReminders(app.db, app.jobs, later(placedAt, 61 * MINUTE));
    const [row] = await remindersOf(orderId);
    const now = later(placedAt, 61 * MINUTE);
    await Promise.all(
      [1, 2, 3].map(() =>
        sendCheckoutReminder(app.db, app.notifier, { reminderId: row?.id ?? '' }, app.config.publicUrl, now),
      ),
    );
    expect(await reminderMails(shopper)).toHaveLength(1);
  });
});

describe('an unconfirmed cash-on-delivery order', () => {
  it('is reminded as a checkout left unpaid, and not once confirmed', async () => {
    const rules = await app.inject({
      method: 'PUT',
      url: '/api/admin/cod-settings',
      headers: owner,
      payload: {
        enabled: true,
        feePaise: 4900,
        minOrderPaise: 10_000,
        maxOrderPaise: 200_000,
        rtoLimit: 1,
        confirmHours: 24,
      },
    });
    expect(rules.statusCode, rules.body).toBe(200);
    const shopper = await newShopper(app, [{ id: 1, quantity: 1 }], { phoneVerified: true });
    const placed = await app.inject({
      method: 'POST',
      url: '/api/cod/place-order',
      headers: shopper.headers,
      payload: {},
      remoteAddress: '10.47.0.1',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId } = placed.json<{ orderId: string }>();
    const placedAt = istAt(2, 10, 30);
    await app.db.update(orders).set({ createdAt: placedAt }).where(eq(orders.id, orderId));
    expect(await queueDueReminders(app.db, app.jobs, later(placedAt, 61 * MINUTE))).toBe(1);
    await runReminderJobs(later(placedAt, 61 * MINUTE));
    expect(await reminderMails(shopper)).toHaveLength(1);
    // Confirmed (the shop's call): no second reminder.
    const confirmed = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/cod-confirm`,
      headers: owner,
      payload: {},
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await queueDueReminders(app.db, app.jobs, later(placedAt, 23 * HOUR + MINUTE))).toBe(0);
  });
});

describe('the link back to checkout', () => {
  it('takes the shopper to checkout with the same cart and code, restores an emptied cart, and is the shopper’s own', async () => {
    const placedAt = istAt(2, 16);
    const { shopper, orderId } = await abandonedCheckout(placedAt);
    await queueDueReminders(app.db, app.jobs, later(placedAt, 61 * MINUTE));
    await runReminderJobs(later(placedAt, 61 * MINUTE));
    const token = tokenOf((await reminderMails(shopper))[0]?.body ?? '');
    const resume = () =>
      app.inject({
        method: 'POST',
        url: '/api/checkout-reminders/resume',
        headers: shopper.headers,
        payload: { token },
      });
    const signedOut = await app.inject({
      method: 'POST',
      url: '/api/checkout-reminders/resume',
      payload: { token },
    });
    expect(signedOut.statusCode).toBe(401);

    expect((await resume()).json()).toEqual({
      to: 'checkout',
      message: winbackMessages.resumed,
      couponCode: null,
    });
    const [row] = await remindersOf(orderId);
    expect(row?.resumedAt).not.toBeNull();

    await shopper.setCart([]);
    expect((await resume()).json()).toMatchObject({ to: 'checkout' });
    expect((await shopper.cart()).map((line) => [line.id, line.quantity])).toEqual([[1, 2]]);

    await shopper.setCart([{ id: 2, quantity: 1 }]);
    expect((await resume()).json()).toMatchObject({ to: 'cart', message: winbackMessages.cartChanged });
    expect((await shopper.cart()).map((line) => line.id)).toEqual([2]);

    const stranger = await newShopper(app);
    const theirs = await app.inject({
      method: 'POST',
      url: '/api/checkout-reminders/resume',
      headers: stranger.headers,
      payload: { token },
    });
    expect(theirs.statusCode).toBe(404);
    const short = await app.inject({
      method: 'POST',
      url: '/api/checkout-reminders/resume',
      headers: stranger.headers,
      payload: { token: 'short' },
    });
    expect(short.statusCode).toBe(400);
  });

  it('applies the owner’s code of the second reminder', async () => {
    const code = `BACK${Date.now() % 100000}`;
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: owner,
      payload: { code, kind: 'percent', percentOff: 10, validFrom: '2026-01-01T00:00:00+05:30' },
    });
    expect(created.statusCode, created.body).toBe(201);
    await saveSettings({ secondReminderCode: code.toLowerCase() });
    const placedAt = istAt(2, 10, 15);
    const { shopper } = await abandonedCheckout(placedAt);
    await queueDueReminders(app.db, app.jobs, later(placedAt, 23 * HOUR + MINUTE));
    await runReminderJobs(later(placedAt, 23 * HOUR + MINUTE));
    const [mail] = await reminderMails(shopper);
    expect(mail?.body).toContain(`Use the code ${code} at checkout`);
    const reply = await app.inject({
      method: 'POST',
      url: '/api/checkout-reminders/resume',
      headers: shopper.headers,
      payload: { token: tokenOf(mail?.body ?? '') },
    });
    expect(reply.json()).toMatchObject({ to: 'checkout', couponCode: code });
    const cart = await app.inject({ method: 'GET', url: '/api/cart', headers: shopper.headers });
    expect(cart.json<CartReply>().coupon?.code).toBe(code);
  });
});

describe('the console', () => {
  it('counts a checkout recovered by a paid order of its cart after a reminder, with its revenue from the money record', async () => {
    const before = await winbackReport(app.db);
    const placedAt = istAt(2, 17);
    const { shopper } = await abandonedCheckout(placedAt);
    await queueDueReminders(app.db, app.jobs, later(placedAt, 61 * MINUTE));
    await runReminderJobs(later(placedAt, 61 * MINUTE));
    // Another reminded checkout that nobody comes back for.
    const idle = istAt(2, 17, 5);
    await abandonedCheckout(idle);
    await queueDueReminders(app.db, app.jobs, later(idle, 61 * MINUTE));
    await runReminderJobs(later(idle, 61 * MINUTE));

    // Back through the link, a new checkout of the same cart, paid today.
    const placed = await shopper.placeOrder();
    const success = razorpaySimulatorOf(app).completePayment(placed.id);
    const paid = await shopper.reportPayment(success);
    expect(paid.statusCode, paid.body).toBe(200);
    const { orderId } = paid.json<OrderConfirmation>();
    const money = await moneyOfOrder(app.db, orderId);
    expect(money.charged.totalPaise).toBeGreaterThan(0);

    const reply = await app.inject({ method: 'GET', url: '/api/admin/winback/report', headers: owner });
    expect(reply.statusCode, reply.body).toBe(200);
    const report = reply.json<WinbackReportReply>();
    expect(report).toMatchObject({
      days: 30,
      remindersSent: before.remindersSent + 2,
      checkoutsReminded: before.checkoutsReminded + 2,
      checkoutsRecovered: before.checkoutsRecovered + 1,
      recoveredRevenuePaise: before.recoveredRevenuePaise + money.charged.totalPaise,
    });
  });

  it('refuses settings out of range or with a code that does not exist, and audits a change', async () => {
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/admin/winback/settings',
      headers: owner,
      payload: { enabled: true, firstDelayMinutes: 10, secondDelayMinutes: 1380, secondReminderCode: null },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(winbackMessages.firstDelayRange);
    const gap = await app.inject({
      method: 'PUT',
      url: '/api/admin/winback/settings',
      headers: owner,
      payload: { enabled: true, firstDelayMinutes: 120, secondDelayMinutes: 150, secondReminderCode: null },
    });
    expect(gap.statusCode).toBe(400);
    const unknown = await app.inject({
      method: 'PUT',
      url: '/api/admin/winback/settings',
      headers: owner,
      payload: {
        enabled: true,
        firstDelayMinutes: 60,
        secondDelayMinutes: 1380,
        secondReminderCode: 'NOSUCHCODE',
      },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(winbackMessages.codeUnknown);
    await saveSettings({ enabled: false });
    const audit = (await app.db.execute(
      sql`select after from audit_log where action = 'winback_settings.update' order by created_at desc limit 1`,
    )) as unknown as { rows: { after: Record<string, unknown> }[] };
    expect(audit.rows[0]?.after).toEqual({ enabled: false });
    // Off: nothing is queued.
    const placedAt = istAt(2, 10, 45);
    await abandonedCheckout(placedAt);
    expect(await queueDueReminders(app.db, app.jobs, later(placedAt, 61 * MINUTE))).toBe(0);
  });
});
