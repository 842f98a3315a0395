import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WhatsAppConsent } from '../../contracts/whatsapp';
import { whatsappPayloads, whatsappMessages as words } from '../../contracts/whatsapp-rules';
import { checkoutReminders, orders, whatsappConsents, whatsappMessages } from '../db/schema';
import { type JobPayloads, jobQueues } from '../job-queues';
import { sendBackInStock, tellRestocks } from '../modules/winback/back-in-stock';
import { queueDueReminders, sendCheckoutReminder } from '../modules/winback/checkout-reminders';
import type { WhatsAppClient } from '../providers/whatsapp/client';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { readOutbox } from '../test/dev-outbox';
import { newShopper, type Shopper } from '../test/order-helpers';
import { createStaffMember } from '../test/staff-factory';
import { runWhatsAppReplies, whatsappSimulatorOf } from '../test/whatsapp-helpers';

// docs/product.md#winback-consent, #whatsapp-consent: checkout reminders and back-in-stock notices on WhatsApp,
// only with the shopper's marketing consent; STOP and "Stop offers" take it back; a failed WhatsApp message goes
// by e-mail once; a job run twice at once sends once.

let app: TestApp;
let owner: { authorization: string };
const sim = () => whatsappSimulatorOf(app);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A day `daysAgo` days back at this IST time, as a UTC instant. */
function istAt(daysAgo: number, hour: number): Date {
  const ist = new Date(Date.now() + 330 * MINUTE - daysAgo * 24 * HOUR);
  return new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate(), hour) - 330 * MINUTE);
}
const later = (at: Date, ms: number) => new Date(at.getTime() + ms);

beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000, jobWorkers: false });
  owner = (await createStaffMember(app, { role: 'owner' })).headers;
});
afterAll(() => app.closeAndDrop());
beforeEach(() => sim().reset());

function setConsent(shopper: Shopper, payload: object) {
  return app.inject({ method: 'PUT', url: '/api/account/whatsapp', headers: shopper.headers, payload });
}
async function consentOf(shopper: Shopper) {
  const reply = await app.inject({ method: 'GET', url: '/api/account/whatsapp', headers: shopper.headers });
  expect(reply.statusCode).toBe(200);
  return reply.json<WhatsAppConsent>();
}

/** A shopper with a verified mobile and these WhatsApp consents, and a checkout left unpaid at `placedAt`. */
async function abandonedCheckout(placedAt: Date, consent: { optIn?: boolean; marketing?: boolean }) {
  const shopper = await newShopper(app, [{ id: 1, quantity: 1 }], { phoneVerified: true });
  if (consent.optIn !== undefined || consent.marketing !== undefined) {
    const reply = await setConsent(shopper, consent);
    expect(reply.statusCode, reply.body).toBe(200);
  }
  const placed = await shopper.placeOrder();
  const [order] = await app.db
    .update(orders)
    .set({ createdAt: placedAt })
    .where(eq(orders.razorpayOrderId, placed.id))
    .returning({ id: orders.id });
  if (!order) throw new Error('no order');
  return { shopper, orderId: order.id };
}

type ReminderJob = JobPayloads['checkout.reminder'];

/** Takes the queued reminder jobs (the tests run without workers). */
async function takeReminderJobs(): Promise<ReminderJob[]> {
  const jobs = (await app.db.execute(sql`update pgboss.job set state = 'completed'
    where id in (select id from pgboss.job where name = ${jobQueues.sendCheckoutReminder} and state = 'created')
    returning data`)) as unknown as { rows: { data: ReminderJob }[] };
  return jobs.rows.map((row) => row.data);
}

const runReminder = (
  job: ReminderJob,
  now: Date,
  client: WhatsAppClient | undefined = app.whatsapp?.client,
) => sendCheckoutReminder(app.db, app.notifier, job, app.config.publicUrl, now, client);

async function runReminders(now: Date) {
  const jobs = await takeReminderJobs();
  for (const job of jobs) await runReminder(job, now);
  await sim().settled();
  return jobs.length;
}

const reminderMails = async (shopper: Shopper) =>
  (await readOutbox(app, shopper.email)).filter((message) => message.body.includes('/profile?resume='));
const chatOf = (shopper: Shopper) =>
  sim()
    .chat(shopper.mobile)
    .filter((m) => m.direction === 'to_shopper');

async function remindersOf(orderId: string) {
  return app.db
    .select()
    .from(checkoutReminders)
    .where(eq(checkoutReminders.orderId, orderId))
    .orderBy(checkoutReminders.step);
}

describe('the marketing consent in the profile', () => {
  it('is off until ticked, kept apart from order updates, with when and how', async () => {
    const shopper = await newShopper(app, [], { phoneVerified: true });
    expect((await consentOf(shopper)).marketing).toEqual({
      status: 'never',
      message: words.marketingOptedOut,
      changedAt: null,
    });
    const reply = await setConsent(shopper, { marketing: true });
    expect(reply.statusCode, reply.body).toBe(200);
    const view = reply.json<WhatsAppConsent>();
    expect(view.status).toBe('never');
    expect(view.marketing.status).toBe('opted_in');
    expect(view.marketing.message).toBe(words.marketingOptedIn(`+91 ${shopper.mobile}`));
    const [row] = await app.db
      .select()
      .from(whatsappConsents)
      .where(eq(whatsappConsents.userId, shopper.userId));
    expect([row?.purpose, row?.grantedVia, row?.optedIn]).toEqual(['marketing', 'profile', true]);
    const off = await setConsent(shopper, { marketing: false });
    expect(off.json<WhatsAppConsent>().marketing.status).toBe('opted_out');
  });

  it('refuses a body that changes neither box, or a box that is no yes or no, with a 400', async () => {
    const shopper = await newShopper(app, [], { phoneVerified: true });
    const empty = await setConsent(shopper, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(words.noChoice);
    expect((await setConsent(shopper, { marketing: 'yes' })).statusCode).toBe(400);
    expect((await setConsent(shopper, { marketing: true, extra: 1 })).statusCode).toBe(400);
  });
});

describe('a checkout reminder', () => {
  it('goes by WhatsApp with the marketing consent (the chat shows it) and not by e-mail', async () => {
    const placedAt = istAt(2, 10);
    const { shopper, orderId } = await abandonedCheckout(placedAt, { marketing: true });
    expect(await queueDueReminders(app.db, app.jobs, later(placedAt, 61 * MINUTE))).toBe(1);
    expect(await runReminders(later(placedAt, 62 * MINUTE))).toBe(1);
    const chat = chatOf(shopper);
    expect(chat.map((message) => message.template)).toEqual(['checkout_reminder']);
    expect(chat[0]?.text).toContain('/profile?resume=');
    expect(chat[0]?.buttons).toEqual([{ label: 'Stop offers', payload: whatsappPayloads.optOutMarketing }]);
    expect(await reminderMails(shopper)).toEqual([]);
    expect((await remindersOf(orderId)).map((row) => [row.status, row.channel])).toEqual([
      ['sent', 'whatsapp'],
    ]);
  });

  it('goes by e-mail with only the order-updates consent', async () => {
    const placedAt = istAt(2, 10);
    const { shopper, orderId } = await abandonedCheckout(placedAt, { optIn: true });
    await queueDueReminders(app.db, app.jobs, later(placedAt, 61 * MINUTE));
    await runReminders(later(placedAt, 62 * MINUTE));
    expect(chatOf(shopper)).toEqual([]);
    expect(await reminderMails(shopper)).toHaveLength(1);
    expect((await remindersOf(orderId)).map((row) => row.channel)).toEqual(['email']);
  });

  it('after STOP the next goes by e-mail, both purposes stopped and the profile says so', async () => {
    const placedAt = istAt(2, 10);
    const { shopper, orderId } = await abandonedCheckout(placedAt, { optIn: true, marketing: true });
    await queueDueReminders(app.db, app.jobs, later(placedAt, 61 * MINUTE));
    await runReminders(later(placedAt, 62 * MINUTE));
    expect(chatOf(shopper).map((message) => message.template)).toEqual(['checkout_reminder']);

    expect(await sim().reply(shopper.mobile, 'STOP')).toBe(200);
    expect(await runWhatsAppReplies(app)).toEqual(['stopped']);
    const view = await consentOf(shopper);
    expect([view.status, view.message]).toEqual(['stopped', words.stopped]);
    expect([view.marketing.status, view.marketing.message]).toEqual(['stopped', words.marketingStopped]);

    await queueDueReminders(app.db, app.jobs, later(placedAt, 23 * HOUR + MINUTE));
    await runReminders(later(placedAt, 23 * HOUR + 2 * MINUTE));
    expect(chatOf(shopper)).toHaveLength(1);
    expect(await reminderMails(shopper)).toHaveLength(1);
    expect((await remindersOf(orderId)).map((row) => row.channel)).toEqual(['whatsapp', 'email']);
  });

  it('is not sent at all after STOP when the shopper also opted out of reminders', async () => {
    const placedAt = istAt(2, 10);
    const { shopper, orderId } = await abandonedCheckout(placedAt, { marketing: true });
    await sim().reply(shopper.mobile, 'stop');
    await runWhatsAppReplies(app);
    const optOut = await app.inject({
      method: 'PUT',
      url: '/api/account/reminders',
      headers: shopper.headers,
      payload: { optedOut: true },
    });
    expect(optOut.statusCode, optOut.body).toBe(200);
    await queueDueReminders(app.db, app.jobs, later(placedAt, 61 * MINUTE));
    await runReminders(later(placedAt, 62 * MINUTE));
    expect(chatOf(shopper)).toEqual([]);
    expect(await reminderMails(shopper)).toEqual([]);
    expect((await remindersOf(orderId)).map((row) => row.skippedReason)).toEqual(['opted_out']);
  });

  it('"Stop offers" takes back the marketing consent only', async () => {
    const placedAt = istAt(2, 10);
    const { shopper } = await abandonedCheckout(placedAt, { optIn: true, marketing: true });
    await queueDueReminders(app.db, app.jobs, later(placedAt, 61 * MINUTE));
    await runReminders(later(placedAt, 62 * MINUTE));
    const [message] = chatOf(shopper);
    expect(await sim().tap(shopper.mobile, message?.id ?? '', 0)).toBe(200);
    expect(await runWhatsAppReplies(app)).toEqual(['stopped']);
    const view = await consentOf(shopper);
    expect(view.status).toBe('opted_in');
    expect(view.marketing.status).toBe('stopped');
    const [row] = await app.db
      .select()
      .from(whatsappConsents)
      .where(and(eq(whatsappConsents.userId, shopper.userId), eq(whatsappConsents.purpose, 'marketing')));
    expect(row?.revokedVia).toBe('opt_out_button');
  });

  it('falls back to e-mail once when the WhatsApp send fails, and a repeated job sends nothing more', async () => {
    const placedAt = istAt(2, 10);
    const { shopper, orderId } = await abandonedCheckout(placedAt, { marketing: true });
    await queueDueReminders(app.db, app.jobs, later(placedAt, 61 * MINUTE));
    const [job] = await takeReminderJobs();
    if (!job) throw new Error('no job');
    const broken: WhatsAppClient = {
      ...(app.whatsapp?.client as WhatsAppClient),
      sendTemplate: () => Promise.reject(new Error('Graph unavailable')),
    };
    await runReminder(job, later(placedAt, 62 * MINUTE), broken);
    await runReminder(job, later(placedAt, 63 * MINUTE), broken);
    expect(chatOf(shopper)).toEqual([]);
    expect(await reminderMails(shopper)).toHaveLength(1);
    expect((await remindersOf(orderId)).map((row) => [row.status, row.channel])).toEqual([['sent', 'email']]);
    const [message] = await app.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.orderId, orderId));
    expect(message?.status).toBe('failed');
    expect(message?.fellBackAt).not.toBeNull();
  });

  it('falls back to e-mail once on a failed status, however many fallback jobs run at once', async () => {
    const placedAt = istAt(2, 10);
    const { shopper, orderId } = await abandonedCheckout(placedAt, { marketing: true });
    sim().setUnreachable(shopper.mobile, true);
    await queueDueReminders(app.db, app.jobs, later(placedAt, 61 * MINUTE));
    await runReminders(later(placedAt, 62 * MINUTE));
    const fallbacks = await takeReminderJobs();
    expect(fallbacks).toHaveLength(1);
    const fallback = fallbacks[0] as ReminderJob;
    expect(fallback.fallbackOf).toBeTruthy();
    const at = later(placedAt, 63 * MINUTE);
    await Promise.all([runReminder(fallback, at), runReminder(fallback, at), runReminder(fallback, at)]);
    const mails = await reminderMails(shopper);
    expect(mails).toHaveLength(1);
    // The e-mail carries a new link that works; the reminder now says e-mail.
    const [row] = await remindersOf(orderId);
    expect(row?.channel).toBe('email');
    const token = /\/profile\?resume=([\w-]+)/.exec(mails[0]?.body ?? '')?.[1];
    expect(token).toBeTruthy();
  });

  it('is sent once when its job runs twice at once', async () => {
    const placedAt = istAt(2, 10);
    const { shopper, orderId } = await abandonedCheckout(placedAt, { marketing: true });
    await queueDueReminders(app.db, app.jobs, later(placedAt, 61 * MINUTE));
    const [job] = await takeReminderJobs();
    if (!job) throw new Error('no job');
    const at = later(placedAt, 62 * MINUTE);
    await Promise.all([runReminder(job, at), runReminder(job, at)]);
    await sim().settled();
    expect(chatOf(shopper)).toHaveLength(1);
    expect(await reminderMails(shopper)).toEqual([]);
    expect(
      await app.db.select().from(whatsappMessages).where(eq(whatsappMessages.orderId, orderId)),
    ).toHaveLength(1);
  });
});

describe('a back-in-stock notice', () => {
  async function setStock(productId: number, stock: number) {
    const reply = await app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${productId}`,
      headers: owner,
      payload: { stock },
    });
    expect(reply.statusCode, reply.body).toBe(200);
  }

  async function runNotices(now: Date) {
    const jobs = (await app.db.execute(sql`update pgboss.job set state = 'completed'
      where id in (select id from pgboss.job where name = ${jobQueues.sendBackInStock} and state = 'created')
      returning data`)) as unknown as { rows: { data: JobPayloads['stock.back-in-stock'] }[] };
    await Promise.all(
      jobs.rows.flatMap((job) =>
        [0, 1].map(() =>
          sendBackInStock(
            app.db,
            app.notifier,
            app.jobs,
            job.data,
            app.config.publicUrl,
            now,
            app.whatsapp?.client,
          ),
        ),
      ),
    );
    await sim().settled();
    return jobs.rows.length;
  }

  it('goes by WhatsApp to a shopper with the marketing consent, by e-mail to one without, once each', async () => {
    const product = 3;
    await setStock(product, 0);
    const withConsent = await newShopper(app, [], { phoneVerified: true });
    expect((await setConsent(withConsent, { marketing: true })).statusCode).toBe(200);
    const without = await newShopper(app, [], { phoneVerified: true });
    for (const shopper of [withConsent, without]) {
      const reply = await app.inject({
        method: 'POST',
        url: `/api/products/${product}/notify-me`,
        headers: shopper.headers,
        // Asking for WhatsApp without the marketing consent is e-mail.
        payload: shopper === withConsent ? {} : { channel: 'whatsapp' },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json().channel).toBe(shopper === withConsent ? 'whatsapp' : 'email');
    }
    await setStock(product, 5);
    expect(await tellRestocks(app.db, app.jobs)).toBe(2);
    const ist = new Date(Date.now() + 330 * MINUTE);
    const noon = new Date(
      Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate(), 12) - 330 * MINUTE,
    );
    expect(await runNotices(noon)).toBe(2);
    expect(chatOf(withConsent).map((message) => message.template)).toEqual(['back_in_stock']);
    expect(chatOf(withConsent)[0]?.text).toContain(`/product/${product}`);
    const told = async (shopper: Shopper) =>
      (await readOutbox(app, shopper.email)).filter((message) =>
        message.subject.endsWith('is back in stock'),
      );
    expect(await told(withConsent)).toEqual([]);
    expect(await told(without)).toHaveLength(1);
    expect(chatOf(without)).toEqual([]);
  });

  it('falls back to e-mail once when its WhatsApp send fails', async () => {
    const product = 4;
    await setStock(product, 0);
    const shopper = await newShopper(app, [], { phoneVerified: true });
    expect((await setConsent(shopper, { marketing: true })).statusCode).toBe(200);
    const asked = await app.inject({
      method: 'POST',
      url: `/api/products/${product}/notify-me`,
      headers: shopper.headers,
      payload: { channel: 'whatsapp' },
    });
    expect(asked.json().channel).toBe('whatsapp');
    await setStock(product, 2);
    expect(await tellRestocks(app.db, app.jobs)).toBe(1);
    const jobs = (await app.db.execute(sql`update pgboss.job set state = 'completed'
      where id in (select id from pgboss.job where name = ${jobQueues.sendBackInStock} and state = 'created')
      returning data`)) as unknown as { rows: { data: JobPayloads['stock.back-in-stock'] }[] };
    const job = jobs.rows[0]?.data;
    if (!job) throw new Error('no job');
    const broken: WhatsAppClient = {
      ...(app.whatsapp?.client as WhatsAppClient),
      sendTemplate: () => Promise.reject(new Error('Graph unavailable')),
    };
    const ist = new Date(Date.now() + 330 * MINUTE);
    const noon = new Date(
      Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate(), 12) - 330 * MINUTE,
    );
    for (let run = 0; run < 2; run++) {
      await sendBackInStock(app.db, app.notifier, app.jobs, job, app.config.publicUrl, noon, broken);
    }
    expect(chatOf(shopper)).toEqual([]);
    const mails = (await readOutbox(app, shopper.email)).filter((message) =>
      message.subject.endsWith('is back in stock'),
    );
    expect(mails).toHaveLength(1);
  });
});
