import { createHmac } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CodOrderMoney, CodRefundReply } from '../../../contracts/cod-money';
import { formatRupees } from '../../../contracts/format';
import {
  auditLog,
  codPayouts,
  codRefundsPaidElsewhere,
  creditNotes,
  orderAttention,
  orders,
  securityAlerts,
} from '../../db/schema';
import { codRefundDeps, refundByPayout, settleStuckPayouts } from '../../flows/cod-refunds';
import { orderNumberOf } from '../../modules/orders/order-view';
import { PAYOUT_WEBHOOK_PATH } from '../../providers/razorpayx/webhook';
import { TEST_PAYOUT_VPA_FAILURE } from '../../simulators/razorpayx/simulator';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { codOrder, setCodPayment } from '../../test/cod-factories';
import { orderRow, outboxOf, sendQueuedOrderEmails } from '../../test/order-helpers';
import { type CreatedStaff, createStaffMember } from '../../test/staff-factory';

// docs/product.md#cod-refunds: refunds of COD orders to a UPI ID through RazorpayX (its simulator here), and
// refunds paid another way; through the console's routes, as the owner makes them.

let app: TestApp;
let owner: CreatedStaff;
let support: CreatedStaff;
let keys = 0;

beforeAll(async () => {
  // No job workers: the shipment job would book the factory's parcel a second time, at the same moment.
  app = await buildTestApp({ jobWorkers: false });
  owner = await createStaffMember(app, { role: 'owner' });
  support = await createStaffMember(app, { role: 'support' });
});

afterAll(async () => {
  await app.closeAndDrop();
});

afterEach(() => {
  razorpayx().reset();
});

function razorpayx() {
  if (!app.razorpayxSimulator) throw new Error('these tests run against the RazorpayX simulator');
  return app.razorpayxSimulator;
}

const newKey = () => `cod-refund-key-${Date.now()}-${++keys}`;

function payOut(
  orderId: string,
  body: Record<string, unknown>,
  options: { key?: string | null; staff?: CreatedStaff } = {},
) {
  const key = options.key === undefined ? newKey() : options.key;
  return app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/cod/payouts`,
    headers: { ...(options.staff ?? owner).headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

const money = async (orderId: string) =>
  (
    await app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}/cod`, headers: support.headers })
  ).json<CodOrderMoney>();

const payoutRows = (orderId: string) =>
  app.db.select().from(codPayouts).where(eq(codPayouts.orderId, orderId));
const notesOf = (orderId: string) =>
  app.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
const openFlags = (orderId: string) =>
  app.db
    .select({ reason: orderAttention.reason })
    .from(orderAttention)
    .where(and(eq(orderAttention.orderId, orderId), isNull(orderAttention.resolvedAt)));

async function settledPayout(orderId: string, status = 'processed') {
  await expect.poll(async () => (await payoutRows(orderId)).map((row) => row.status)).toContain(status);
}

describe('a refund to the shopper’s UPI ID', () => {
  it('pays part of the collected cash, issues its credit note once processed, and is audited', async () => {
    const { orderId, totalPaise } = await codOrder(app);
    const response = await payOut(orderId, {
      amountPaise: 20_000,
      vpa: 'asha@okaxis',
      reason: 'One mitt torn',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CodRefundReply>().message).toBe('₹200.00 is being paid to asha@okaxis.');
    await settledPayout(orderId);

    const [payout] = await payoutRows(orderId);
    expect(payout).toMatchObject({ amountPaise: 20_000, vpa: 'asha@okaxis', utr: expect.any(String) });
    const notes = await notesOf(orderId);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      razorpayRefundId: payout?.razorpayPayoutId,
      totalPaise: 20_000,
      reason: 'Refund, no goods returned: One mitt torn',
    });
    expect((await orderRow(app, orderId)).paymentStatus).toBe('partially_refunded');
    expect(await money(orderId)).toMatchObject({
      collectedPaise: totalPaise,
      refundedPaise: 20_000,
      refundablePaise: totalPaise - 20_000,
      payoutsConfigured: true,
      payouts: [{ status: 'processed', amountPaise: 20_000 }],
    });
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, 'order.cod_refund_payout')));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.staffId).toBe(owner.staffId);

    // docs/architecture.md#money-record: the customer's "Paid" is net of the payout, as the order's record is.
    const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    const customer = await app.inject({
      method: 'GET',
      url: `/api/admin/customers/${order?.userId}`,
      headers: owner.headers,
    });
    expect(customer.statusCode, customer.body).toBe(200);
    expect(customer.json<{ paidTotalPaise: number }>().paidTotalPaise).toBe(totalPaise - 20_000);
  });

  it('pays once for the same key however often it is sent, and once for two calls at once', async () => {
    const { orderId } = await codOrder(app);
    const key = newKey();
    const body = { amountPaise: 10_000, vpa: 'ravi@ybl', reason: 'Late delivery' };
    const first = await payOut(orderId, body, { key });
    const again = await payOut(orderId, body, { key });
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json<CodRefundReply>().message).toBe(
      'This refund was asked for already; nothing more was paid.',
    );

    const racing = newKey();
    const both = await Promise.all([
      payOut(orderId, body, { key: racing }),
      payOut(orderId, body, { key: racing }),
    ]);
    expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
    await expect.poll(async () => (await notesOf(orderId)).length).toBe(2);
    const rows = await payoutRows(orderId);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.razorpayPayoutId)).size).toBe(2);
    // The key with another amount is another request: refused, nothing paid.
    const reused = await payOut(orderId, { ...body, amountPaise: 10_100 }, { key });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({
      message: 'This Idempotency-Key was used for a different refund. Please use a new one.',
    });
  });

  it('answers a RazorpayX outage with a 502 and nothing paid, and a retry after a lost reply pays once', async () => {
    const { orderId } = await codOrder(app);
    const input = { orderId, amountPaise: 15_000, vpa: 'meera@oksbi', reason: 'Goodwill', key: newKey() };
    await app.inject({
      method: 'POST',
      url: '/sim/razorpayx/control/faults',
      payload: { kind: 'error', endpoint: '/v1/payouts', method: 'POST', count: 3, status: 502 },
    });
    try {
      const down = await payOut(orderId, input, { key: input.key });
      expect(down.statusCode).toBe(502);
      expect(down.json()).toMatchObject({
        message: 'RazorpayX could not be reached. Nothing was paid; please try again in a minute.',
      });
      expect(await payoutRows(orderId)).toHaveLength(0);
    } finally {
      await app.inject({ method: 'DELETE', url: '/sim/razorpayx/control/faults' });
    }
    razorpayx().setMode('manual');
    const made = await refundByPayout(codRefundDeps(app), input);
    // RazorpayX made the payout but the shop's transaction never committed (a crash after the reply): the
    // retry sends the same X-Payout-Idempotency and gets that payout back, not a second one.
    await app.db.delete(codPayouts).where(eq(codPayouts.orderId, orderId));
    const retried = await refundByPayout(codRefundDeps(app), input);
    expect(retried).toMatchObject({ repeated: false, razorpayPayoutId: made.razorpayPayoutId });
    expect(await refundByPayout(codRefundDeps(app), input)).toMatchObject({
      repeated: true,
      razorpayPayoutId: made.razorpayPayoutId,
    });
    razorpayx().settle(made.razorpayPayoutId, 'processed');
    await settledPayout(orderId);
    expect(await notesOf(orderId)).toHaveLength(1);
  });

  it('refunds the rest in full, then refuses any more with what is left', async () => {
    const { orderId, totalPaise } = await codOrder(app);
    const over = await payOut(orderId, {
      amountPaise: totalPaise + 100,
      vpa: 'a.b@okicici',
      reason: 'Too much',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/^You can refund at most ₹[\d,]+\.\d{2} on this order\.$/);

    const all = await payOut(orderId, { amountPaise: totalPaise, vpa: 'a.b@okicici', reason: 'Returned' });
    expect(all.statusCode, all.body).toBe(200);
    // While the payout is under way its amount is held: a second refund cannot take it too.
    const more = await payOut(orderId, { amountPaise: 100, vpa: 'a.b@okicici', reason: 'Again' });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ message: 'This order has been refunded in full already.' });
    await settledPayout(orderId);
    await expect.poll(async () => (await orderRow(app, orderId)).paymentStatus).toBe('refunded');
  });

  it('flags a payout that fails for a person, and gives its amount back to what may be refunded', async () => {
    const { orderId, totalPaise } = await codOrder(app);
    const response = await payOut(orderId, {
      amountPaise: 30_000,
      vpa: TEST_PAYOUT_VPA_FAILURE,
      reason: 'Wrong size',
    });
    expect(response.statusCode, response.body).toBe(200);
    await settledPayout(orderId, 'failed');
    const [row] = await payoutRows(orderId);
    expect(row?.failure).toMatch(/VPA is invalid/);
    expect(await openFlags(orderId)).toEqual([{ reason: 'cod_refund_failing' }]);
    expect(await notesOf(orderId)).toHaveLength(0);
    expect((await orderRow(app, orderId)).paymentStatus).toBe('collected');
    expect((await money(orderId)).refundablePaise).toBe(totalPaise);

    // A payout that goes through afterwards clears the flag.
    await payOut(orderId, { amountPaise: 30_000, vpa: 'right@okaxis', reason: 'Wrong size' });
    await settledPayout(orderId);
    await expect.poll(() => openFlags(orderId)).toEqual([]);
  });

  it('changes nothing when its webhook is delivered again, and refuses an unsigned one', async () => {
    const { orderId } = await codOrder(app);
    await payOut(orderId, { amountPaise: 12_000, vpa: 'dev@okhdfc', reason: 'Goodwill' });
    await settledPayout(orderId);
    const [row] = await payoutRows(orderId);
    const delivery = razorpayx()
      .webhooks.sent()
      .find(
        (sent) => sent.event === 'payout.processed' && sent.body.includes(row?.razorpayPayoutId ?? 'none'),
      );
    if (!delivery) throw new Error('no processed webhook was sent');
    const replay = await app.inject({
      method: 'POST',
      url: PAYOUT_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': delivery.signature },
      payload: delivery.body,
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ outcome: 'duplicate' });
    expect(await notesOf(orderId)).toHaveLength(1);

    const forged = await app.inject({
      method: 'POST',
      url: PAYOUT_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'f'.repeat(64) },
      payload: delivery.body,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ message: 'Invalid webhook signature' });
    const alerts = await app.db.select().from(securityAlerts).where(eq(securityAlerts.subject, 'razorpayx'));
    expect(alerts).toHaveLength(1);
  });

  it('keeps a processed payout the bank reverses later as refunded, with its credit note, and flags it', async () => {
    const { orderId, totalPaise } = await codOrder(app);
    await payOut(orderId, { amountPaise: 25_000, vpa: 'bank@okaxis', reason: 'Goodwill' });
    await settledPayout(orderId);
    const processed = razorpayx()
      .webhooks.sent()
      .find((sent) => sent.event === 'payout.processed' && sent.body.includes(orderId));
    if (!processed) throw new Error('no processed webhook was sent');
    const body = JSON.parse(processed.body) as {
      event: string;
      payload: { payout: { entity: { status: string } } };
    };
    body.event = 'payout.reversed';
    body.payload.payout.entity.status = 'reversed';
    const raw = JSON.stringify(body);
    const reversed = await app.inject({
      method: 'POST',
      url: PAYOUT_WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', razorpayx().webhookSecret).update(raw).digest('hex'),
      },
      payload: raw,
    });
    expect(reversed.json()).toMatchObject({ outcome: 'changed' });
    expect((await payoutRows(orderId))[0]?.status).toBe('reversed');
    expect(await openFlags(orderId)).toEqual([{ reason: 'cod_refund_failing' }]);
    // Its credit note stands: the money is owed outside the shop, never refunded (and credited) twice here.
    expect(await notesOf(orderId)).toHaveLength(1);
    expect(await money(orderId)).toMatchObject({
      refundedPaise: 25_000,
      refundablePaise: totalPaise - 25_000,
    });
  });

  it('settles a payout whose webhook was lost when the sweep asks RazorpayX', async () => {
    const { orderId } = await codOrder(app);
    razorpayx().setMode('manual');
    await payOut(orderId, { amountPaise: 11_000, vpa: 'lost@okaxis', reason: 'Goodwill' });
    const [row] = await payoutRows(orderId);
    expect(row?.status).toBe('processing');
    razorpayx().settle(row?.razorpayPayoutId ?? '', 'processed', { webhook: false });
    // Not yet stale: the sweep leaves it for its webhook.
    expect(await settleStuckPayouts(codRefundDeps(app))).toBe(0);
    await app.db.execute(
      sql`update cod_payouts set updated_at = now() - interval '1 hour' where id = ${row?.id ?? ''}`,
    );
    expect(await settleStuckPayouts(codRefundDeps(app))).toBe(1);
    expect((await payoutRows(orderId))[0]?.status).toBe('processed');
    expect(await notesOf(orderId)).toHaveLength(1);
  });
});

describe('a refund paid another way', () => {
  const record = (orderId: string, body: Record<string, unknown>, key = newKey()) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/cod/refunds-paid-elsewhere`,
      headers: { ...owner.headers, 'idempotency-key': key },
      payload: body,
    });

  it('is recorded once, with its credit note, and counts against what may be refunded', async () => {
    const { orderId, totalPaise } = await codOrder(app);
    const key = newKey();
    const body = { amountPaise: 5_000, how: 'cash', note: 'Handed back at the stall' };
    const first = await record(orderId, body, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<CodRefundReply>()).toMatchObject({
      message: '₹50.00 is recorded as refunded another way.',
      money: { refundedPaise: 5_000, refundablePaise: totalPaise - 5_000 },
    });
    expect((await record(orderId, body, key)).statusCode).toBe(200);
    expect(
      await app.db.select().from(codRefundsPaidElsewhere).where(eq(codRefundsPaidElsewhere.orderId, orderId)),
    ).toHaveLength(1);
    const notes = await notesOf(orderId);
    expect(notes).toMatchObject([
      { totalPaise: 5_000, reason: 'Refund, no goods returned: Handed back at the stall' },
    ]);
    expect((await orderRow(app, orderId)).paymentStatus).toBe('partially_refunded');

    const rest = await record(orderId, { amountPaise: totalPaise - 5_000, how: 'bank_transfer' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await orderRow(app, orderId)).paymentStatus).toBe('refunded');
    const more = await record(orderId, { amountPaise: 100, how: 'cash' });
    expect(more.json()).toMatchObject({ message: 'This order has been refunded in full already.' });
  });
});

describe('the shopper hears of each refund, once', () => {
  it('a payout says the UPI ID it went to; the last part, recorded paid in cash, is told as refunded', async () => {
    const { orderId, totalPaise } = await codOrder(app);
    await sendQueuedOrderEmails(app, orderId);
    const email = (await orderRow(app, orderId)).contact.email;
    const number = orderNumberOf(orderId);
    const told = async () => (await outboxOf(app, email)).length;
    const before = await told();

    expect(
      (await payOut(orderId, { amountPaise: 20_000, vpa: 'asha@okaxis', reason: 'One mitt torn' }))
        .statusCode,
    ).toBe(200);
    await settledPayout(orderId);
    await sendQueuedOrderEmails(app, orderId);
    const [part] = await outboxOf(app, email);
    expect(part?.subject).toBe(`₹200.00 of your order ${number} is refunded`);
    expect(part?.body).toContain(
      `We have refunded ₹200.00 of your order ${number} to your UPI ID asha@okaxis.\nReason: One mitt torn`,
    );
    expect(part?.body).not.toContain('6-8 days');
    expect(part?.body).toContain('Refunded so far: ₹200.00');
    // Reported again (the payout's webhook twice): told once.
    await sendQueuedOrderEmails(app, orderId);
    expect(await told()).toBe(before + 1);

    const rest = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/cod/refunds-paid-elsewhere`,
      headers: { ...owner.headers, 'idempotency-key': newKey() },
      payload: { amountPaise: totalPaise - 20_000, how: 'cash' },
    });
    expect(rest.statusCode, rest.body).toBe(200);
    await sendQueuedOrderEmails(app, orderId);
    const [whole] = await outboxOf(app, email);
    expect(whole?.subject).toBe(`Your refund for order ${number} is processed`);
    expect(whole?.body).toContain(
      `We have refunded ${formatRupees(totalPaise / 100)} for your order ${number}.`,
    );
    expect(whole?.body).not.toContain('original payment method');
    expect(await told()).toBe(before + 2);
  });
});

describe('refusals, each with its message', () => {
  it('refuses an order not paid cash on delivery, one not collected yet, and bad input', async () => {
    const online = await codOrder(app, { method: 'Online' });
    const notCod = await payOut(online.orderId, { amountPaise: 1_000, vpa: 'x@okaxis', reason: 'Goodwill' });
    expect(notCod.statusCode).toBe(409);
    expect(notCod.json().message).toBe(
      'This order was not paid cash on delivery; refund it from its payment instead.',
    );

    const due = await codOrder(app);
    await setCodPayment(app, due.orderId, 'cod_due', 'confirmed');
    const notCollected = await payOut(due.orderId, {
      amountPaise: 1_000,
      vpa: 'x@okaxis',
      reason: 'Goodwill',
    });
    expect(notCollected.statusCode).toBe(409);
    expect(notCollected.json().message).toBe(
      'The courier has not collected the cash for this order yet, so there is nothing to refund.',
    );

    const { orderId } = await codOrder(app);
    const badVpa = await payOut(orderId, { amountPaise: 1_000, vpa: 'not a upi id', reason: 'Goodwill' });
    expect(badVpa.statusCode).toBe(400);
    expect(badVpa.body).toContain('Please enter a UPI ID like name@bank.');
    const tooSmall = await payOut(orderId, { amountPaise: 50, vpa: 'x@okaxis', reason: 'Goodwill' });
    expect(tooSmall.body).toContain('Please refund at least ₹1.');
    const noReason = await payOut(orderId, { amountPaise: 1_000, vpa: 'x@okaxis', reason: '' });
    expect(noReason.body).toContain('Please give a reason for the refund.');
    const noKey = await payOut(
      orderId,
      { amountPaise: 1_000, vpa: 'x@okaxis', reason: 'Goodwill' },
      { key: null },
    );
    expect(noKey.statusCode).toBe(400);
    expect(noKey.body).toContain('Please send an Idempotency-Key header');
    const bySupport = await payOut(
      orderId,
      { amountPaise: 1_000, vpa: 'x@okaxis', reason: 'Goodwill' },
      { staff: support },
    );
    expect(bySupport.statusCode).toBe(403);
    const unknown = await payOut('00000000-0000-4000-8000-000000000000', {
      amountPaise: 1_000,
      vpa: 'x@okaxis',
      reason: 'Goodwill',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await payoutRows(orderId)).toHaveLength(0);
  });

  it('refuses a payout while RazorpayX is not configured, and says to record the refund another way', async () => {
    const { orderId } = await codOrder(app);
    const error = await refundByPayout(
      { ...codRefundDeps(app), razorpayx: undefined },
      { orderId, amountPaise: 1_000, vpa: 'x@okaxis', reason: 'Goodwill', key: newKey() },
    ).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      statusCode: 422,
      message:
        'Refunds to a UPI ID are not set up: RazorpayX is not configured. Record the refund paid another way instead.',
    });
  });
});
