import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AdminNdrRow,
  NDR_ADDRESS_LINE_MAX_LENGTH,
  NDR_LINK_HEADER,
  type NdrRates,
  type NdrView,
  ndrMessages,
} from '../../../contracts/ndr';
import { auditLog, ndrReports, orders, refunds, shipments, whatsappMessages } from '../../db/schema';
import { paymentDeps, shippingDeps } from '../../flows/deps';
import { createShipmentForOrder } from '../../flows/fulfil-order';
import { sendNdrAction, syncOpenNdrs, takeNdrDefaults } from '../../flows/ndr';
import { refundCancelledOrder } from '../../flows/refunds';
import { jobQueues } from '../../job-queues';
import { rtoCountOf } from '../../modules/cod/cod-eligibility';
import { sendNdrMessage } from '../../modules/ndr/ndr-message';
import { createNdrLink, forgetExpiredNdrLinks } from '../../modules/ndr/ndr-writer';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { setCodPayment } from '../../test/cod-factories';
import { readOutbox } from '../../test/dev-outbox';
import { newShopper, placePaidOrder, type Shopper, shiprocketSimulatorOf } from '../../test/order-helpers';
import { createStaffMember } from '../../test/staff-factory';
import { whatsappSimulatorOf } from '../../test/whatsapp-helpers';

// docs/product.md#failed-deliveries: a courier's failed delivery, end to end: the tracking webhook opens the
// report, the shopper is told with a link, their choice reaches Shiprocket once, the default is taken at the
// deadline, and a parcel back after a return cancels the order (refunded if prepaid, nothing if COD).

let app: TestApp;
let support: { authorization: string };
beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000, jobWorkers: false });
  support = (await createStaffMember(app, { role: 'support' })).headers;
});
afterAll(() => app.closeAndDrop());
beforeEach(async () => {
  simulator().reset();
  await app.db.delete(shipments);
});

const simulator = () => shiprocketSimulatorOf(app);

/** A paid order out for delivery with the simulator (17), its next move the delivery attempt. */
async function outForDelivery(options: { cod?: boolean; shopper?: Shopper } = {}) {
  const paid = await placePaidOrder(app, options.shopper ? { shopper: options.shopper } : {});
  await createShipmentForOrder(shippingDeps(app), { orderId: paid.orderId });
  const [shipment] = await app.db.select().from(shipments).where(eq(shipments.orderId, paid.orderId));
  if (!shipment) throw new Error('no shipment booked');
  const simulatedId = Number(shipment.shiprocketShipmentId);
  for (let step = 0; step < 6; step++) simulator().advance(simulatedId);
  await simulator().webhooks.settled();
  if (options.cod) await setCodPayment(app, paid.orderId, 'cod_due', 'out_for_delivery');
  return { ...paid, simulatedId, awb: shipment.awbCode ?? '' };
}

async function failAttempt(simulatedId: number, reason = 'Customer not available') {
  simulator().raiseNdr(simulatedId, reason);
  expect(
    simulator()
      .advance(simulatedId)
      .map((moved) => moved.statusId),
  ).toEqual([21]);
  await simulator().webhooks.settled();
}

async function move(simulatedId: number) {
  const moved = simulator()
    .advance(simulatedId)
    .map((step) => step.statusId);
  await simulator().webhooks.settled();
  return moved;
}

async function reportOf(orderId: string) {
  const [row] = await app.db.select().from(ndrReports).where(eq(ndrReports.orderId, orderId));
  return row;
}

type JobRow = { id: string; data: Record<string, unknown>; singleton_key: string | null };

async function queued(name: string, reportId: string): Promise<JobRow[]> {
  const result = (await app.db.execute(
    sql`select id, data, singleton_key from pgboss.job
        where name = ${name} and data->>'reportId' = ${reportId} and state = 'created' order by created_on`,
  )) as unknown as { rows: JobRow[] };
  return result.rows;
}

/** Does the report's queued jobs of `name` here, as a worker would, and marks them done. */
async function runJobs(name: string, reportId: string) {
  const jobs = await queued(name, reportId);
  for (const job of jobs) {
    if (name === jobQueues.sendNdrAction)
      await sendNdrAction(shippingDeps(app), job.data as { reportId: string; attempt: number });
    else
      await sendNdrMessage(
        app.db,
        app.notifier,
        job.data as never,
        app.config.publicUrl,
        app.whatsapp?.client,
      );
    await app.db.execute(sql`update pgboss.job set state = 'completed' where id = ${job.id}`);
  }
  return jobs;
}

/** The link token of the newest "could not deliver" e-mail. */
async function linkTokenOf(email: string): Promise<string> {
  const mail = (await readOutbox(app, email)).find((message) =>
    message.subject?.startsWith('We could not deliver'),
  );
  const token = mail?.body.match(/\/delivery\?token=([\w%-]+)/)?.[1];
  if (!token) throw new Error('no delivery link in the outbox');
  return decodeURIComponent(token);
}

const viaLink = (token: string) => ({
  get: () => app.inject({ method: 'GET', url: '/api/delivery-issue', headers: { [NDR_LINK_HEADER]: token } }),
  choose: (payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/delivery-issue/choice',
      headers: { [NDR_LINK_HEADER]: token },
      payload,
    }),
});

describe('a failed delivery reported by the courier', () => {
  it('opens a report, tells the shopper with a link, and shows on the page and in My Orders', async () => {
    const order = await outForDelivery();
    await failAttempt(order.simulatedId);
    const report = await reportOf(order.orderId);
    expect(report).toMatchObject({
      status: 'action_needed',
      attempts: 1,
      reason: 'customer_unavailable',
      paymentMethod: 'online',
      awbCode: order.awb,
    });
    expect((report?.respondBy.getTime() ?? 0) - (report?.attemptedAt.getTime() ?? 0)).toBe(24 * 3_600_000);
    // The same webhook again counts nothing twice.
    await simulator().webhooks.settled();
    expect(await queued(jobQueues.sendNdrMessage, report?.id ?? '')).toHaveLength(1);

    await runJobs(jobQueues.sendNdrMessage, report?.id ?? '');
    const token = await linkTokenOf(order.shopper.email);
    const page = await viaLink(token).get();
    expect(page.statusCode, page.body).toBe(200);
    // An expired link is refused, and the sweep forgets it.
    const [other] = await app.db.select().from(orders).where(eq(orders.id, order.orderId));
    const expiredToken = await createNdrLink(app.db, other?.id ?? '', -1);
    expect((await viaLink(expiredToken).get()).statusCode).toBe(401);
    expect(await forgetExpiredNdrLinks(app.db)).toBeGreaterThanOrEqual(1);
    const view = page.json<NdrView>();
    expect(view).toMatchObject({
      orderId: order.orderId,
      reason: 'customer_unavailable',
      attempts: 1,
      maxAttempts: 3,
      status: 'action_needed',
      canChoose: true,
      choice: null,
      paymentMethod: 'online',
    });
    expect(view.dates).toHaveLength(3);

    const [mine] = (await order.shopper.myOrders()).filter((entry) => entry.orderId === order.orderId);
    expect(mine?.deliveryIssue).toMatchObject({ status: 'action_needed', attempts: 1, canChoose: true });
    // The failed attempt is in the parcel's timeline.
    const tracking = await app.inject({
      method: 'GET',
      url: `/api/orders/track/${order.orderId}`,
      headers: order.shopper.headers,
    });
    expect(tracking.body).toContain('Undelivered - Customer not available (attempt 1)');
  });

  it('refuses a link that is missing or unknown, and another shopper’s order', async () => {
    const order = await outForDelivery();
    await failAttempt(order.simulatedId);
    for (const headers of [{}, { [NDR_LINK_HEADER]: 'not-a-token' }]) {
      const reply = await app.inject({ method: 'GET', url: '/api/delivery-issue', headers });
      expect(reply.statusCode).toBe(401);
      expect(reply.json().message).toBe(ndrMessages.linkExpired);
    }
    const own = await app.inject({
      method: 'GET',
      url: `/api/orders/${order.orderId}/delivery-issue`,
      headers: order.shopper.headers,
    });
    expect(own.statusCode).toBe(200);
    const stranger = await newShopper(app, []);
    for (const method of ['GET', 'POST'] as const) {
      const reply = await app.inject({
        method,
        url: `/api/orders/${order.orderId}/delivery-issue${method === 'POST' ? '/choice' : ''}`,
        headers: stranger.headers,
        ...(method === 'POST' ? { payload: { action: 'return' } } : {}),
      });
      expect(reply.statusCode).toBe(404);
      expect(reply.json().message).toBe(ndrMessages.noIssue);
    }
  });
});

describe('a failed delivery told on WhatsApp (docs/product.md#failed-deliveries)', () => {
  it('goes on WhatsApp instead of SMS to a shopper who chose it, with the e-mail; by SMS once if it fails', async () => {
    const shopper = await newShopper(app, [{ id: 1, quantity: 1 }], { phoneVerified: true });
    const consent = await app.inject({
      method: 'PUT',
      url: '/api/account/whatsapp',
      headers: shopper.headers,
      payload: { optIn: true },
    });
    expect(consent.statusCode, consent.body).toBe(200);
    const whatsapp = whatsappSimulatorOf(app);
    whatsapp.reset();
    const order = await outForDelivery({ shopper });
    await failAttempt(order.simulatedId);
    const report = await reportOf(order.orderId);
    const reportId = report?.id ?? '';
    await runJobs(jobQueues.sendNdrMessage, reportId);
    await whatsapp.settled();
    const told = whatsapp.chat(shopper.mobile).filter((message) => message.template === 'ndr_raised');
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toMatch(
      new RegExp(
        `could not deliver your Ottoman Mittens order OM-${order.orderId.slice(0, 8).toUpperCase()} \\(nobody was available to receive the parcel\\)\\. Choose a new day or cancel by .+: http.+/delivery\\?token=`,
      ),
    );
    const channels = async () =>
      [...(await readOutbox(app, shopper.email)), ...(await readOutbox(app, shopper.mobile))]
        .filter((message) => !message.code)
        .map((message) => message.channel);
    expect(await channels()).toEqual(['email']);

    // WhatsApp reports it failed (twice): the phone's part goes by SMS, once.
    const [row] = await app.db
      .select()
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.orderId, order.orderId), eq(whatsappMessages.kind, 'ndr_raised')));
    if (!row?.wamid) throw new Error('no WhatsApp message of the failed delivery');
    expect(await whatsapp.status(row.wamid, 'failed')).toBe(200);
    expect(await whatsapp.status(row.wamid, 'failed')).toBe(200);
    const fallbacks = await queued(jobQueues.sendNdrMessage, reportId);
    expect(fallbacks.map((job) => job.data)).toEqual([
      { reportId, kind: 'ndr_raised', attempt: 1, fallbackOf: row.id },
    ]);
    await runJobs(jobQueues.sendNdrMessage, reportId);
    await sendNdrMessage(
      app.db,
      app.notifier,
      fallbacks[0]?.data as never,
      app.config.publicUrl,
      app.whatsapp?.client,
    );
    expect((await channels()).sort()).toEqual(['email', 'sms']);
  });
});

describe('the shopper’s choice', () => {
  it('reaches Shiprocket once, under double clicks and job retries, and the parcel comes again that day', async () => {
    const order = await outForDelivery();
    await failAttempt(order.simulatedId);
    const report = await reportOf(order.orderId);
    await runJobs(jobQueues.sendNdrMessage, report?.id ?? '');
    const link = viaLink(await linkTokenOf(order.shopper.email));
    const date = (await link.get()).json<NdrView>().dates[1] ?? '';
    const choice = {
      action: 'reattempt',
      date,
      phone: '+91 91234 56780',
      addressLine: 'Opposite the temple',
    };
    const replies = await Promise.all([link.choose(choice), link.choose(choice), link.choose(choice)]);
    for (const reply of replies) {
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json<NdrView>().choice).toMatchObject({
        action: 'reattempt',
        date,
        phone: '9123456780',
        addressLine: 'Opposite the temple',
        by: 'shopper',
      });
    }
    const actions = await queued(jobQueues.sendNdrAction, report?.id ?? '');
    expect(actions).toHaveLength(1);
    expect(actions[0]?.singleton_key).toBe(`ndr-${report?.id}-1`);
    // A second choice is refused with the contract's words.
    const other = await link.choose({ action: 'return' });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(ndrMessages.alreadyChosen);

    // The job retried after its call landed: Shiprocket is asked once.
    const job = actions[0]?.data as { reportId: string; attempt: number };
    await sendNdrAction(shippingDeps(app), job);
    await sendNdrAction(shippingDeps(app), job);
    const listed = await app.shiprocket.client.getNdr(order.awb);
    expect(listed).toMatchObject({
      action_taken: 're-attempt',
      history: [{ deferred_date: date }],
    });
    const sent = await reportOf(order.orderId);
    expect(sent?.sentAttempt).toBe(1);
    expect(sent?.sentToCourierAt).not.toBeNull();

    // The new day is in the parcel's timeline, beside the failed attempt.
    const tracking = await app.inject({
      method: 'GET',
      url: `/api/orders/track/${order.orderId}`,
      headers: order.shopper.headers,
    });
    expect(tracking.body).toContain('DELIVERY RESCHEDULED');
    expect(tracking.body).toContain(', as you asked');

    expect(await move(order.simulatedId)).toEqual([17]);
    expect(await move(order.simulatedId)).toEqual([7]);
    expect(await reportOf(order.orderId)).toMatchObject({ status: 'delivered' });
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.status).toBe('delivered');
  });

  it('is checked: a day not offered, a landmark too long, a bad phone, and after the deadline', async () => {
    const order = await outForDelivery();
    await failAttempt(order.simulatedId);
    const choose = (payload: object) =>
      app.inject({
        method: 'POST',
        url: `/api/orders/${order.orderId}/delivery-issue/choice`,
        headers: order.shopper.headers,
        payload,
      });
    const notOffered = await choose({ action: 'reattempt', date: '2020-01-01' });
    expect(notOffered.statusCode).toBe(422);
    expect(notOffered.json().message).toBe(ndrMessages.dateNotOffered);
    const view = (
      await app.inject({
        method: 'GET',
        url: `/api/orders/${order.orderId}/delivery-issue`,
        headers: order.shopper.headers,
      })
    ).json<NdrView>();
    const tooLong = await choose({
      action: 'reattempt',
      date: view.dates[0],
      addressLine: 'x'.repeat(NDR_ADDRESS_LINE_MAX_LENGTH + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain(ndrMessages.addressLineTooLong);
    expect((await choose({ action: 'reattempt', date: view.dates[0], phone: '12345' })).statusCode).toBe(400);
    expect((await choose({ action: 'fly-it-over' })).statusCode).toBe(400);

    await app.db
      .update(ndrReports)
      .set({ respondBy: new Date(Date.now() - 1000) })
      .where(eq(ndrReports.orderId, order.orderId));
    const late = await choose({ action: 'return' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ndrMessages.tooLate);
  });
});

describe('choices made at the same moment', () => {
  it('by the shopper, staff and the deadline sweep: one wins, and the courier is asked once', async () => {
    const order = await outForDelivery();
    await failAttempt(order.simulatedId);
    const report = await reportOf(order.orderId);
    // The deadline is just passing as both choose: whichever takes the order's lock first decides.
    await app.db
      .update(ndrReports)
      .set({ respondBy: new Date(Date.now() + 150) })
      .where(eq(ndrReports.orderId, order.orderId));
    const view = (
      await app.inject({
        method: 'GET',
        url: `/api/orders/${order.orderId}/delivery-issue`,
        headers: order.shopper.headers,
      })
    ).json<NdrView>();
    await new Promise((resolve) => setTimeout(resolve, 150));
    const [shopper, staff, sweep] = await Promise.all([
      app.inject({
        method: 'POST',
        url: `/api/orders/${order.orderId}/delivery-issue/choice`,
        headers: order.shopper.headers,
        payload: { action: 'return' },
      }),
      app.inject({
        method: 'POST',
        url: `/api/admin/ndr/${report?.id}/action`,
        headers: support,
        payload: { action: 'reattempt', date: view.dates[0], note: 'Called, she is home tomorrow' },
      }),
      takeNdrDefaults(app),
    ]);
    const winners = [shopper.statusCode === 200, staff.statusCode === 200, sweep === 1].filter(Boolean);
    expect(winners).toHaveLength(1);
    for (const reply of [shopper, staff]) expect([200, 409]).toContain(reply.statusCode);
    expect(await queued(jobQueues.sendNdrAction, report?.id ?? '')).toHaveLength(1);
    await runJobs(jobQueues.sendNdrAction, report?.id ?? '');
    const chosen = await reportOf(order.orderId);
    const listed = await app.shiprocket.client.getNdr(order.awb);
    expect(listed?.action_taken).toBe(chosen?.choiceAction === 'return' ? 'return' : 're-attempt');
  });
});

describe('no reply by the deadline', () => {
  it('takes the courier’s deadline when Shiprocket’s report has an earlier one', async () => {
    const order = await outForDelivery();
    await failAttempt(order.simulatedId);
    expect(await takeNdrDefaults(app)).toBe(0);
    simulator().expireNdr(order.simulatedId);
    expect(await syncOpenNdrs(shippingDeps(app))).toBe(1);
    expect(await syncOpenNdrs(shippingDeps(app))).toBe(0);
    const report = await reportOf(order.orderId);
    expect(report?.respondBy.getTime()).toBeLessThanOrEqual(Date.now());
    const late = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.orderId}/delivery-issue/choice`,
      headers: order.shopper.headers,
      payload: { action: 'return' },
    });
    expect(late.json().message).toBe(ndrMessages.tooLate);
    expect(await takeNdrDefaults(app)).toBe(1);
  });

  it('takes the owner’s default: one re-attempt, then return', async () => {
    const order = await outForDelivery();
    await failAttempt(order.simulatedId);
    const past = () =>
      app.db
        .update(ndrReports)
        .set({ respondBy: new Date(Date.now() - 1000) })
        .where(eq(ndrReports.orderId, order.orderId));
    await past();
    expect(await takeNdrDefaults(app)).toBe(1);
    expect(await takeNdrDefaults(app)).toBe(0);
    const first = await reportOf(order.orderId);
    expect(first).toMatchObject({
      status: 'reattempt_requested',
      choiceBy: 'default',
      choiceAction: 'reattempt',
    });
    await runJobs(jobQueues.sendNdrAction, first?.id ?? '');
    expect((await app.shiprocket.client.getNdr(order.awb))?.action_taken).toBe('re-attempt');
    expect(await move(order.simulatedId)).toEqual([17]);

    await failAttempt(order.simulatedId, 'Door locked');
    expect(await reportOf(order.orderId)).toMatchObject({
      status: 'action_needed',
      attempts: 2,
      choiceAction: null,
    });
    await past();
    await takeNdrDefaults(app);
    const second = await reportOf(order.orderId);
    expect(second).toMatchObject({ status: 'return_requested', choiceBy: 'default', choiceAction: 'return' });
    await runJobs(jobQueues.sendNdrAction, second?.id ?? '');
    expect((await app.shiprocket.client.getNdr(order.awb))?.action_taken).toBe('return');
  });
});

describe('an order cancelled after a failed delivery', () => {
  async function cancelViaMyOrders(order: Awaited<ReturnType<typeof outForDelivery>>) {
    await failAttempt(order.simulatedId, 'Customer refused');
    const reply = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.orderId}/delivery-issue/choice`,
      headers: order.shopper.headers,
      payload: { action: 'return' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const report = await reportOf(order.orderId);
    await runJobs(jobQueues.sendNdrAction, report?.id ?? '');
    expect(await move(order.simulatedId)).toEqual([9]);
    expect(await move(order.simulatedId)).toEqual([10]);
    expect(await reportOf(order.orderId)).toMatchObject({ status: 'returned' });
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.orderId));
    return row;
  }

  /** The "coming back" e-mail the shopper was sent (the report's message jobs done here). */
  async function returningMessageOf(order: Awaited<ReturnType<typeof outForDelivery>>) {
    const report = await reportOf(order.orderId);
    await runJobs(jobQueues.sendNdrMessage, report?.id ?? '');
    const mail = (await readOutbox(app, order.shopper.email)).find((message) =>
      message.subject?.startsWith('Your order is coming back to us'),
    );
    return mail?.body ?? '';
  }

  const refundJobs = async (orderId: string) => {
    const result = (await app.db.execute(
      sql`select count(*)::int as count from pgboss.job where name = ${jobQueues.refundCancelledOrder}
          and data->>'orderId' = ${orderId}`,
    )) as unknown as { rows: { count: number }[] };
    return result.rows[0]?.count ?? 0;
  };

  it('is refunded in full when the parcel is back, if prepaid', async () => {
    const order = await outForDelivery();
    const row = await cancelViaMyOrders(order);
    expect(row?.status).toBe('cancelled');
    expect(await refundJobs(order.orderId)).toBe(1);
    expect(await returningMessageOf(order)).toContain(ndrMessages.prepaidRefund);
    await refundCancelledOrder(paymentDeps(app), order.orderId, 'system');
    const [refund] = await app.db
      .select()
      .from(refunds)
      .where(sql`${refunds.paymentId} in (select id from payments where order_id = ${order.orderId})`);
    expect(refund?.amountPaise).toBe(order.totalPaise);
    const [refunded] = await app.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(refunded?.paymentStatus).toBe('refunded');
  });

  it('owes nothing if cash on delivery', async () => {
    const order = await outForDelivery({ cod: true });
    const row = await cancelViaMyOrders(order);
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'cod_due' });
    expect(await returningMessageOf(order)).toContain(ndrMessages.codNothingToPay);
    expect(await refundJobs(order.orderId)).toBe(0);
    expect((await reportOf(order.orderId))?.paymentMethod).toBe('cod');
    // Cancelled rather than returned to origin, it still counts as one RTO of the shopper.
    expect(await rtoCountOf(app.db, order.shopper.userId)).toBe(1);
  });
});

describe('the console', () => {
  it('lists the queue, acts for the shopper with an audited note, and shows the rates', async () => {
    const order = await outForDelivery();
    await failAttempt(order.simulatedId, 'Address incomplete');
    const queue = await app.inject({ method: 'GET', url: '/api/admin/ndr?state=open', headers: support });
    expect(queue.statusCode).toBe(200);
    const row = queue
      .json<{ reports: AdminNdrRow[] }>()
      .reports.find((entry) => entry.orderId === order.orderId);
    expect(row).toMatchObject({
      status: 'action_needed',
      reason: 'address_issue',
      attempts: 1,
      sentToCourierAt: null,
    });
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/ndr?state=shut', headers: support })).statusCode,
    ).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/admin/ndr' })).statusCode).toBe(401);

    const act = (payload: object, id = row?.id ?? '') =>
      app.inject({ method: 'POST', url: `/api/admin/ndr/${id}/action`, headers: support, payload });
    const noNote = await act({ action: 'return' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.body).toContain(ndrMessages.noteRequired);
    expect((await act({ action: 'return', note: 'x' }, 'not-a-report')).statusCode).toBe(404);
    const done = await act({ action: 'return', note: 'Called: she moved city, cancel it' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<NdrView>().choice).toMatchObject({ action: 'return', by: 'staff' });
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.orderId), eq(auditLog.action, 'ndr.return')));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.after).toMatchObject({ note: 'Called: she moved city, cancel it' });

    const rates = await app.inject({ method: 'GET', url: '/api/admin/ndr/rates?days=30', headers: support });
    expect(rates.statusCode).toBe(200);
    const byCourier = rates.json<NdrRates>().byCourier;
    expect(byCourier.reduce((sum, rate) => sum + rate.ndrs, 0)).toBe(1);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/ndr/rates?days=0', headers: support })).statusCode,
    ).toBe(400);
  });
});

describe('the link’s door', () => {
  it('is rate limited: a stream of guessed tokens meets a 429, never a 500', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const reply = await viaLink(`guess-${attempt}`).choose({ action: 'return' });
      statuses.push(reply.statusCode);
    }
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
  });
});
