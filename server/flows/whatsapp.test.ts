import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CodSettingsBody, PlacedCodOrder } from '../../contracts/cod';
import type { WhatsAppConsent } from '../../contracts/whatsapp';
import { COD_WHATSAPP_FALLBACK_MINUTES, whatsappMessages as words } from '../../contracts/whatsapp-rules';
import {
  notifications,
  orders,
  returns,
  whatsappConsents,
  whatsappInbound,
  whatsappMessages,
  whatsappStatusEvents,
} from '../db/schema';
import { jobQueues } from '../job-queues';
import { DEFAULT_COD_RISK_SETTINGS } from '../modules/cod/cod-risk';
import { sendReturnMessage } from '../modules/returns/return-message';
import { forgetOldWhatsAppEvents } from '../modules/whatsapp/messages';
import { recordedButtonReply, recordedFailedStatus } from '../providers/whatsapp/recorded-shapes';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { readOutbox } from '../test/dev-outbox';
import { newShopper, placePaidOrder, queuedJobs, type Shopper } from '../test/order-helpers';
import { createStaffMember } from '../test/staff-factory';
import {
  postWhatsAppWebhook,
  runOrderMessages,
  runWhatsAppReplies,
  whatsappSimulatorOf,
} from '../test/whatsapp-helpers';

// docs/product.md#whatsapp: the WhatsApp channel end to end: consent, one channel per event, the fallback to
// e-mail or SMS, COD confirmed or cancelled by a button, STOP. The simulator speaks the Cloud API's shapes.

let app: TestApp;
let owner: { authorization: string };
const sim = () => whatsappSimulatorOf(app);

const COD_RULES: CodSettingsBody = {
  enabled: true,
  feePaise: 4900,
  minOrderPaise: 10_000,
  maxOrderPaise: 200_000,
  rtoLimit: 1,
  confirmHours: 24,
};

beforeAll(async () => {
  app = await buildTestApp({
    authRateLimitMax: 1000,
    jobWorkers: false,
    otpSms: { hourlyBudget: 100_000, prefixHourlyLimit: 100_000 },
  });
  owner = (await createStaffMember(app, { role: 'owner' })).headers;
  for (const [url, payload] of [
    ['/api/admin/cod-settings', COD_RULES],
    ['/api/admin/cod-risk-settings', DEFAULT_COD_RISK_SETTINGS],
  ] as const) {
    const reply = await app.inject({ method: 'PUT', url, headers: owner, payload });
    expect(reply.statusCode, reply.body).toBe(200);
  }
});
afterAll(() => app.closeAndDrop());
beforeEach(() => sim().reset());

function consentOf(shopper: Shopper) {
  return app.inject({ method: 'GET', url: '/api/account/whatsapp', headers: shopper.headers });
}
function setConsent(shopper: Shopper, optIn: boolean) {
  return app.inject({
    method: 'PUT',
    url: '/api/account/whatsapp',
    headers: shopper.headers,
    payload: { optIn },
  });
}
async function optedInShopper(lines = [{ id: 1, quantity: 1 }]) {
  const shopper = await newShopper(app, lines, { phoneVerified: true });
  expect((await setConsent(shopper, true)).statusCode).toBe(200);
  return shopper;
}
async function messageRows(orderId: string) {
  return app.db.select().from(whatsappMessages).where(eq(whatsappMessages.orderId, orderId));
}
async function outboxKinds(shopper: Shopper) {
  const to = [shopper.email, shopper.mobile];
  const sent = await Promise.all(to.map((address) => readOutbox(app, address)));
  return sent.flat().filter((message) => !message.code);
}

describe('the webhook door', () => {
  it('answers the verification handshake only with our verify token', async () => {
    const url = (token: string) =>
      `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`;
    const good = await app.inject({ method: 'GET', url: url(sim().verifyToken) });
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe('1158201444');
    const bad = await app.inject({ method: 'GET', url: url('guessed-token') });
    expect(bad.statusCode).toBe(403);
    expect(bad.json().message).toBe('Verification refused');
  });

  it('refuses a wrong signature and a body that is no WhatsApp event with a 400, never a 500', async () => {
    const forged = await postWhatsAppWebhook(app, recordedFailedStatus, 'not-the-app-secret');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('Invalid webhook signature');
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(recordedFailedStatus),
    });
    expect(unsigned.statusCode).toBe(400);
    const other = await postWhatsAppWebhook(app, { object: 'page', entry: [] });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('The webhook body is not a WhatsApp Business Account event.');
  });

  it('records a repeated status once, and a repeated reply once', async () => {
    const wamid = `wamid.test-${Date.now()}`;
    const status = structuredClone(recordedFailedStatus) as unknown as {
      entry: { changes: { value: { statuses: { id: string }[] } }[] }[];
    };
    const first = status.entry[0]?.changes[0]?.value.statuses[0];
    if (first) first.id = wamid;
    for (let i = 0; i < 3; i++) expect((await postWhatsAppWebhook(app, status)).statusCode).toBe(200);
    const rows = await app.db
      .select()
      .from(whatsappStatusEvents)
      .where(eq(whatsappStatusEvents.wamid, wamid));
    expect(rows).toHaveLength(1);
    for (let i = 0; i < 2; i++)
      expect((await postWhatsAppWebhook(app, recordedButtonReply)).statusCode).toBe(200);
    const replyId = recordedButtonReply.entry[0].changes[0].value.messages[0].id;
    expect(
      await app.db.select().from(whatsappInbound).where(eq(whatsappInbound.wamid, replyId)),
    ).toHaveLength(1);
    expect(await runWhatsAppReplies(app)).toEqual(['unknown_token']);
  });
});

describe('the doors under abuse', () => {
  it('the profile route answers 429 past 60 calls a quarter-hour from one address', async () => {
    const shopper = await newShopper(app, [], { phoneVerified: true });
    const call = () =>
      app.inject({
        method: 'GET',
        url: '/api/account/whatsapp',
        headers: shopper.headers,
        remoteAddress: '10.47.0.1',
      });
    const answers = [];
    for (let i = 0; i < 61; i++) answers.push((await call()).statusCode);
    expect(answers.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(answers[60]).toBe(429);
  });

  it('the webhook refuses a body over the app limit before reading it', async () => {
    const huge = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [],
      pad: 'x'.repeat(70 * 1024),
    });
    const reply = await app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' },
      payload: huge,
    });
    expect(reply.statusCode).toBe(413);
  });

  it('the sweep forgets status events and handled replies over 30 days old', async () => {
    const old = new Date(Date.now() - 31 * 24 * 3_600_000);
    await app.db
      .insert(whatsappStatusEvents)
      .values({ wamid: 'wamid.old', status: 'sent', at: old, createdAt: old });
    await app.db.insert(whatsappInbound).values({
      wamid: 'wamid.old-reply',
      fromPhone: '9812345678',
      kind: 'text',
      text: 'hi',
      receivedAt: old,
      handledAt: old,
    });
    expect(await forgetOldWhatsAppEvents(app.db)).toBeGreaterThanOrEqual(2);
    expect(
      await app.db.select().from(whatsappStatusEvents).where(eq(whatsappStatusEvents.wamid, 'wamid.old')),
    ).toEqual([]);
  });
});

describe('consent', () => {
  it('is off until ticked, records when and how, and the profile shows it', async () => {
    const shopper = await newShopper(app, [], { phoneVerified: true });
    expect((await consentOf(shopper)).json<WhatsAppConsent>()).toMatchObject({
      status: 'never',
      phone: null,
    });
    const on = await setConsent(shopper, true);
    expect(on.json<WhatsAppConsent>()).toMatchObject({
      status: 'opted_in',
      phone: shopper.mobile,
      message: words.optedIn(`+91 ${shopper.mobile}`),
    });
    const off = await setConsent(shopper, false);
    expect(off.json<WhatsAppConsent>()).toMatchObject({ status: 'opted_out', message: words.optedOut });
    const [row] = await app.db
      .select()
      .from(whatsappConsents)
      .where(eq(whatsappConsents.userId, shopper.userId));
    expect(row).toMatchObject({
      optedIn: false,
      grantedVia: 'profile',
      revokedVia: 'profile',
      purpose: 'order_updates',
    });
    expect(row?.grantedAt).toBeInstanceOf(Date);
    expect(row?.revokedAt).toBeInstanceOf(Date);
  });

  it('refuses a bad body with a 400 and a shopper without a mobile with the contract message', async () => {
    const shopper = await newShopper(app, [], { phoneVerified: true });
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/account/whatsapp',
      headers: shopper.headers,
      payload: { optIn: 'yes', extra: 1 },
    });
    expect(bad.statusCode).toBe(400);
    const noPhone = await newShopper(app, [], { phone: null });
    const refused = await setConsent(noPhone, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(words.noMobile);
    expect((await app.inject({ method: 'GET', url: '/api/account/whatsapp' })).statusCode).toBe(401);
  });

  it('is in Download my data', async () => {
    const shopper = await newShopper(app, [], { phoneVerified: true });
    await setConsent(shopper, true);
    const exported = await app.inject({
      method: 'GET',
      url: '/api/auth/account/export',
      headers: shopper.headers,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().whatsappConsent).toEqual([
      expect.objectContaining({
        purpose: 'order_updates',
        phone: shopper.mobile,
        optedIn: true,
        grantedVia: 'profile',
      }),
    ]);
  });

  it("the checkout's box records consent only when ticked", async () => {
    const unticked = await newShopper(app);
    await unticked.placeOrder();
    expect((await consentOf(unticked)).json<WhatsAppConsent>().status).toBe('never');
    const ticked = await newShopper(app);
    await ticked.placeOrder({ whatsappUpdates: true });
    const [row] = await app.db
      .select()
      .from(whatsappConsents)
      .where(eq(whatsappConsents.userId, ticked.userId));
    expect(row).toMatchObject({ optedIn: true, grantedVia: 'checkout', phone: ticked.mobile });
  });
});

describe('order updates: one channel per event', () => {
  it('go by WhatsApp to a shopper who chose it, and by e-mail only to one who did not', async () => {
    const chose = await optedInShopper();
    const paid = await placePaidOrder(app, { shopper: chose });
    await runOrderMessages(app, paid.orderId);
    const [message] = sim().chat(chose.mobile);
    expect(message?.template).toBe('order_confirmed');
    expect(message?.statuses).toEqual(['sent', 'delivered']);
    expect(message?.buttons.map((button) => button.label)).toEqual(['Stop updates']);
    expect(await outboxKinds(chose)).toEqual([]);
    expect((await messageRows(paid.orderId)).map((row) => row.status)).toEqual(['delivered']);

    const other = await placePaidOrder(app);
    await runOrderMessages(app, other.orderId);
    expect(sim().chat(other.shopper.mobile)).toEqual([]);
    expect((await outboxKinds(other.shopper)).map((sent) => sent.channel)).toEqual(['email']);
  });

  it('a job run twice sends once', async () => {
    const chose = await optedInShopper();
    const paid = await placePaidOrder(app, { shopper: chose });
    const [job] = await runOrderMessages(app, paid.orderId);
    if (!job) throw new Error('no message job');
    await app.jobs.send(app.db, jobQueues.sendOrderEmail, job);
    await Promise.all([runOrderMessages(app, paid.orderId)]);
    expect(sim().chat(chose.mobile)).toHaveLength(1);
  });

  it('a failed status sends it by e-mail instead, once, however often the failure is reported', async () => {
    const chose = await optedInShopper();
    sim().setUnreachable(chose.mobile, true);
    const paid = await placePaidOrder(app, { shopper: chose });
    await runOrderMessages(app, paid.orderId);
    const [row] = await messageRows(paid.orderId);
    expect(row?.status).toBe('failed');
    if (!row?.wamid) throw new Error('no wamid');
    await sim().status(row.wamid, 'failed');
    const fallbacks = await runOrderMessages(app, paid.orderId);
    expect(fallbacks).toEqual([{ orderId: paid.orderId, kind: 'confirmed', fallbackOf: row.id }]);
    await runOrderMessages(app, paid.orderId);
    expect((await outboxKinds(chose)).map((sent) => sent.channel)).toEqual(['email']);
  });

  it('a send WhatsApp refuses goes by e-mail at once', async () => {
    const chose = await optedInShopper();
    const faults = await app.inject({
      method: 'POST',
      url: '/sim/whatsapp/control/faults',
      payload: { kind: 'error', status: 500, count: 1 },
    });
    expect(faults.statusCode).toBe(200);
    const paid = await placePaidOrder(app, { shopper: chose });
    await runOrderMessages(app, paid.orderId);
    expect(sim().chat(chose.mobile)).toEqual([]);
    expect((await outboxKinds(chose)).map((sent) => sent.channel)).toEqual(['email']);
    const [row] = await messageRows(paid.orderId);
    expect(row).toMatchObject({ status: 'failed' });
    expect(row?.fellBackAt).toBeInstanceOf(Date);
  });

  it('STOP stops them: the profile says so and the next update goes by e-mail', async () => {
    const chose = await optedInShopper();
    expect(await sim().reply(chose.mobile, ' stop ')).toBe(200);
    expect(await runWhatsAppReplies(app)).toEqual(['stopped']);
    expect((await consentOf(chose)).json<WhatsAppConsent>()).toMatchObject({
      status: 'stopped',
      message: words.stopped,
    });
    const paid = await placePaidOrder(app, { shopper: chose });
    await runOrderMessages(app, paid.orderId);
    expect(
      sim()
        .chat(chose.mobile)
        .filter((message) => message.direction === 'to_shopper'),
    ).toEqual([]);
    expect((await outboxKinds(chose)).map((sent) => sent.channel)).toEqual(['email']);
  });

  it("the message's Stop updates button stops them too", async () => {
    const chose = await optedInShopper();
    const paid = await placePaidOrder(app, { shopper: chose });
    await runOrderMessages(app, paid.orderId);
    const [message] = sim().chat(chose.mobile);
    if (!message) throw new Error('no message');
    await sim().tap(chose.mobile, message.id, 0);
    expect(await runWhatsAppReplies(app)).toEqual(['stopped']);
    const [row] = await app.db
      .select()
      .from(whatsappConsents)
      .where(eq(whatsappConsents.userId, chose.userId));
    expect(row).toMatchObject({ optedIn: false, revokedVia: 'opt_out_button' });
  });
});

describe('return steps', () => {
  async function aReturn(shopperOrder: Awaited<ReturnType<typeof placePaidOrder>>) {
    const [row] = await app.db.select().from(orders).where(eq(orders.id, shopperOrder.orderId));
    const returnId = randomUUID();
    await app.db.insert(returns).values({
      id: returnId,
      orderId: shopperOrder.orderId,
      userId: shopperOrder.shopper.userId,
      status: 'approved',
      resolution: 'refund',
      reason: 'changed_my_mind',
      paidPaise: 33900,
      refundPaise: 33900,
      units: 1,
      pickupAddress: row?.shippingAddress ?? ({} as never),
      requestKey: returnId,
    });
    return returnId;
  }

  it('go on WhatsApp once each, and by e-mail instead when WhatsApp reports them failed', async () => {
    const chose = await optedInShopper();
    const paid = await placePaidOrder(app, { shopper: chose });
    const returnId = await aReturn(paid);
    const job = { returnId, kind: 'return_approved' as const };
    const client = app.whatsapp?.client;
    await sendReturnMessage(app.db, app.notifier, job, app.config.publicUrl, client);
    await sendReturnMessage(app.db, app.notifier, job, app.config.publicUrl, client);
    await sim().settled();
    const steps = sim()
      .chat(chose.mobile)
      .filter((message) => message.template === 'return_update');
    expect(steps).toHaveLength(1);
    expect(steps[0]?.text).toBe(
      `Your return for Ottoman Mittens order OM-${paid.orderId.slice(0, 8).toUpperCase()}: Return approved. Details: ${app.config.publicUrl}/orders/${paid.orderId}`,
    );
    expect(await outboxKinds(chose)).toEqual([]);

    const [step] = await app.db
      .select()
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.returnId, returnId), eq(whatsappMessages.kind, 'return_approved')));
    if (!step?.wamid) throw new Error('no return message');
    expect(await sim().status(step.wamid, 'failed')).toBe(200);
    const fallbacks = await queuedJobs(app, jobQueues.sendReturnMessage, paid.orderId);
    expect(fallbacks).toEqual([]);
    const queued = (await app.db.execute(
      sql`select data from pgboss.job where name = ${jobQueues.sendReturnMessage} and data->>'fallbackOf' = ${step.id}`,
    )) as unknown as { rows: { data: { returnId: string; kind: 'return_approved'; fallbackOf: string } }[] };
    expect(queued.rows).toHaveLength(1);
    const fallback = queued.rows[0]?.data;
    if (!fallback) throw new Error('no fallback job');
    await sendReturnMessage(app.db, app.notifier, fallback, app.config.publicUrl, client);
    await sendReturnMessage(app.db, app.notifier, fallback, app.config.publicUrl, client);
    expect((await outboxKinds(chose)).map((sent) => sent.channel)).toEqual(['email']);
  });
});

describe('cash on delivery confirmed by one tap', () => {
  async function placeCod(shopper: Shopper, whatsappUpdates = true): Promise<PlacedCodOrder> {
    const reply = await app.inject({
      method: 'POST',
      url: '/api/cod/place-order',
      headers: shopper.headers,
      payload: { whatsappUpdates },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<PlacedCodOrder>();
  }
  async function codShopper() {
    return newShopper(app, [{ id: 1, quantity: 1 }], { phoneVerified: true });
  }
  async function orderOf(orderId: string) {
    const [row] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    return row;
  }
  async function linkMessages(shopper: Shopper) {
    return (await outboxKinds(shopper)).filter((sent) => /confirm/i.test(sent.subject + sent.body));
  }

  it('goes by WhatsApp with two buttons, not by SMS and e-mail; "Confirm order" confirms it once', async () => {
    const shopper = await codShopper();
    const placed = await placeCod(shopper);
    await runOrderMessages(app, placed.orderId);
    const [request] = sim().chat(shopper.mobile);
    expect(request?.template).toBe('cod_confirm_request');
    expect(request?.buttons.map((button) => button.label)).toEqual(['Confirm order', 'Cancel']);
    expect(await linkMessages(shopper)).toEqual([]);
    const delayed = await queuedJobs(app, jobQueues.sendOrderEmail, placed.orderId);
    expect(delayed.filter((job) => job.state === 'created' && job.delayed)).toHaveLength(1);

    await sim().tap(shopper.mobile, request?.id ?? '', 0);
    await sim().tap(shopper.mobile, request?.id ?? '', 0);
    // Two taps handled at once: one confirms, the other finds the token spent or the order confirmed.
    const [one, two] = (await runWhatsAppReplies(app)).sort();
    expect(one).toBe('confirmed');
    expect(['not_awaiting', 'unknown_token']).toContain(two);
    const order = await orderOf(placed.orderId);
    expect(order).toMatchObject({ codConfirmedVia: 'whatsapp', status: 'confirmed' });
    // The confirmation itself goes on WhatsApp; the unanswered fallback, run late, sends nothing.
    await runOrderMessages(app, placed.orderId, { delayed: true });
    expect(
      sim()
        .chat(shopper.mobile)
        .filter((m) => m.template === 'order_confirmed'),
    ).toHaveLength(1);
    expect(await linkMessages(shopper)).toEqual([]);
  });

  it('"Cancel" cancels it through the same lifecycle as the OTP and the link', async () => {
    const shopper = await codShopper();
    const placed = await placeCod(shopper);
    await runOrderMessages(app, placed.orderId);
    const [request] = sim().chat(shopper.mobile);
    await sim().tap(shopper.mobile, request?.id ?? '', 1);
    expect(await runWhatsAppReplies(app)).toEqual(['cancelled']);
    expect((await orderOf(placed.orderId))?.status).toBe('cancelled');
  });

  it('of "Confirm order" and "Cancel" tapped at once, exactly one counts', async () => {
    const shopper = await codShopper();
    const placed = await placeCod(shopper);
    await runOrderMessages(app, placed.orderId);
    const [request] = sim().chat(shopper.mobile);
    await Promise.all([
      sim().tap(shopper.mobile, request?.id ?? '', 0),
      sim().tap(shopper.mobile, request?.id ?? '', 1),
    ]);
    const outcomes = await runWhatsAppReplies(app);
    const applied = outcomes.filter((outcome) => outcome === 'confirmed' || outcome === 'cancelled');
    expect(applied).toHaveLength(1);
    const order = await orderOf(placed.orderId);
    expect(order?.status).toBe(applied[0] === 'confirmed' ? 'confirmed' : 'cancelled');
  });

  it("a tap carrying another order's token, or from another number, is refused", async () => {
    const first = await codShopper();
    const second = await codShopper();
    const a = await placeCod(first);
    const b = await placeCod(second);
    await runOrderMessages(app, a.orderId);
    await runOrderMessages(app, b.orderId);
    const [messageA] = sim().chat(first.mobile);
    const [messageB] = sim().chat(second.mobile);
    const forged = structuredClone(recordedButtonReply) as unknown as {
      entry: { changes: { value: { messages: Record<string, unknown>[] } }[] }[];
    };
    const reply = forged.entry[0]?.changes[0]?.value.messages[0];
    if (!reply || !messageA || !messageB) throw new Error('no messages');
    Object.assign(reply, {
      id: `wamid.forged-${Date.now()}`,
      from: `91${first.mobile}`,
      context: { from: '15550783881', id: messageA.id },
      button: { payload: messageB.buttons[0]?.payload, text: 'Confirm order' },
    });
    expect((await postWhatsAppWebhook(app, forged)).statusCode).toBe(200);
    expect(await runWhatsAppReplies(app)).toEqual(['not_this_order']);
    expect((await orderOf(b.orderId))?.status).toBe('pending');
  });

  it(`unanswered, it goes by SMS and e-mail with the link after ${COD_WHATSAPP_FALLBACK_MINUTES} minutes, once`, async () => {
    const shopper = await codShopper();
    const placed = await placeCod(shopper);
    await runOrderMessages(app, placed.orderId);
    expect(await linkMessages(shopper)).toEqual([]);
    const jobs = await queuedJobs(app, jobQueues.sendOrderEmail, placed.orderId);
    const waiting = jobs.filter((job) => job.state === 'created');
    expect(waiting).toHaveLength(1);
    const [row] = await app.db
      .select({ due: whatsappMessages.createdAt })
      .from(whatsappMessages)
      .where(
        and(eq(whatsappMessages.orderId, placed.orderId), eq(whatsappMessages.kind, 'cod_confirm_request')),
      );
    expect(row).toBeDefined();
    await runOrderMessages(app, placed.orderId, { delayed: true });
    const sent = await linkMessages(shopper);
    expect(sent.map((message) => message.channel).sort()).toEqual(['email', 'sms']);
    const smsCount = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, shopper.mobile));
    expect(smsCount.filter((message) => message.code === null)).toHaveLength(1);
  });

  it('the chat page shows the buttons, and a tap there (a plain form) confirms the order', async () => {
    const shopper = await codShopper();
    const placed = await placeCod(shopper);
    await runOrderMessages(app, placed.orderId);
    const page = await app.inject({ method: 'GET', url: `/sim/whatsapp/chat/${shopper.mobile}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('>Confirm order</button>');
    expect(page.body).toContain('>Cancel</button>');
    const [request] = sim().chat(shopper.mobile);
    const tap = await app.inject({
      method: 'POST',
      url: `/sim/whatsapp/chat/${shopper.mobile}/tap`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ messageId: request?.id ?? '', index: '0' }).toString(),
    });
    expect(tap.statusCode).toBe(303);
    expect(await runWhatsAppReplies(app)).toEqual(['confirmed']);
    const bad = await app.inject({
      method: 'POST',
      url: `/sim/whatsapp/chat/${shopper.mobile}/tap`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'messageId=nope&index=9',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a shopper who did not tick the box gets the link by SMS and e-mail as before', async () => {
    const shopper = await codShopper();
    const placed = await placeCod(shopper, false);
    await runOrderMessages(app, placed.orderId);
    expect(sim().chat(shopper.mobile)).toEqual([]);
    expect((await linkMessages(shopper)).map((message) => message.channel).sort()).toEqual(['email', 'sms']);
  });
});

describe('"Resend a message" in the console', () => {
  it('lists a message sent on WhatsApp and sends it again there', async () => {
    const chose = await optedInShopper();
    const paid = await placePaidOrder(app, { shopper: chose });
    await runOrderMessages(app, paid.orderId);
    const detail = await app.inject({
      method: 'GET',
      url: `/api/admin/orders/${paid.orderId}`,
      headers: owner,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.body).toContain('resend_message');
    const resend = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid.orderId}/emails/confirmed/resend`,
      headers: owner,
    });
    expect(resend.statusCode, resend.body).toBe(200);
    await runOrderMessages(app, paid.orderId);
    expect(
      sim()
        .chat(chose.mobile)
        .filter((message) => message.template === 'order_confirmed'),
    ).toHaveLength(2);
    expect(await outboxKinds(chose)).toEqual([]);
  });
});
