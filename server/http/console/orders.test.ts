import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AdminOrderDetail,
  type AdminOrderSummary,
  adminOrderMessages,
  type DashboardPeriodKey,
  type DashboardReply,
} from '../../../contracts/admin-orders';
import { cancelMessages } from '../../../contracts/orders';
import {
  auditLog,
  invoices,
  orderNotes,
  orders,
  payments,
  refunds,
  shipments,
  statusHistory,
  users,
  webhookEvents,
} from '../../db/schema';
import { paymentDeps } from '../../flows/deps';
import { flagLongPendingRefunds, settleStalePendingRefunds } from '../../flows/refunds';
import { applyTrackingUpdate } from '../../flows/tracking';
import { jobQueues } from '../../job-queues';
import { orderNumberOf } from '../../modules/orders/order-view';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { remakeMoneyRecord } from '../../test/money-record';
import {
  bookShipment,
  newShopper,
  type PaidOrder,
  placePaidOrder,
  queuedJobs,
  razorpaySimulatorOf,
  sendQueuedOrderEmails,
  shiprocketSimulatorOf,
} from '../../test/order-helpers';
import { createStaffMember } from '../../test/staff-factory';

let app: TestApp;
let owner: { authorization: string };
let support: { authorization: string };

beforeAll(async () => {
  // No workers: the tests run queued jobs themselves.
  app = await buildTestApp({ authRateLimitMax: 1000, jobWorkers: false });
  owner = (await createStaffMember(app, { role: 'owner' })).headers;
  support = (await createStaffMember(app, { role: 'support' })).headers;
});
afterAll(() => app.closeAndDrop());
beforeEach(() => {
  razorpaySimulatorOf(app).reset();
  shiprocketSimulatorOf(app).reset();
});

let keySequence = 0;
const newKey = () => `test-refund-${Date.now()}-${++keySequence}`;

function refund(orderId: string, amountPaise: number, key = newKey(), headers = owner) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: { ...headers, 'idempotency-key': key },
    payload: { amountPaise, reason: 'Parcel arrived damaged' },
  });
}

function addNote(orderId: string, body: string, key: string | null = newKey()) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/notes`,
    headers: key === null ? support : { ...support, 'idempotency-key': key },
    payload: { body },
  });
}

async function notesOf(orderId: string) {
  return app.db
    .select({ body: orderNotes.body, requestKey: orderNotes.requestKey })
    .from(orderNotes)
    .where(eq(orderNotes.orderId, orderId));
}

async function detail(orderId: string): Promise<AdminOrderDetail> {
  const reply = await app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, headers: support });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<AdminOrderDetail>();
}

async function search(query: string, headers = support) {
  const reply = await app.inject({ method: 'GET', url: `/api/admin/orders?${query}`, headers });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ orders: AdminOrderSummary[]; next: string | null }>();
}

async function auditActions(orderId: string) {
  const rows = await app.db
    .select({ action: auditLog.action, staffId: auditLog.staffId })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, orderId)));
  return rows.map((row) => row.action);
}

async function refundedAtRazorpay(paid: PaidOrder) {
  return (await app.razorpay.client.fetchPayment(paid.paymentId)).amount_refunded;
}

const ANY_ID = '00000000-0000-4000-8000-000000000000';
const routes: { method: 'GET' | 'POST'; url: string; ownerOnly: boolean; payload?: object }[] = [
  { method: 'GET', url: '/api/admin/orders', ownerOnly: false },
  { method: 'GET', url: '/api/admin/orders.csv?from=2024-01-01&to=2024-01-02', ownerOnly: false },
  { method: 'GET', url: '/api/admin/order-items.csv?from=2024-01-01&to=2024-01-02', ownerOnly: false },
  { method: 'GET', url: `/api/admin/orders/${ANY_ID}`, ownerOnly: false },
  { method: 'POST', url: `/api/admin/orders/${ANY_ID}/cancel`, ownerOnly: true },
  {
    method: 'POST',
    url: `/api/admin/orders/${ANY_ID}/refunds`,
    ownerOnly: true,
    payload: { amountPaise: 100, reason: 'test' },
  },
  { method: 'POST', url: `/api/admin/orders/${ANY_ID}/shipment/retry`, ownerOnly: false },
  { method: 'POST', url: `/api/admin/orders/${ANY_ID}/emails/confirmed/resend`, ownerOnly: false },
  { method: 'POST', url: `/api/admin/orders/${ANY_ID}/notes`, ownerOnly: false, payload: { body: 'hi' } },
  { method: 'GET', url: '/api/admin/attention', ownerOnly: false },
  { method: 'GET', url: '/api/admin/dashboard', ownerOnly: false },
];

describe('who may use the console orders API', () => {
  it("refuses a shopper's session on every route (401) and support on owner-only ones (403)", async () => {
    const paid = await placePaidOrder(app);
    for (const route of routes) {
      const headers = { 'idempotency-key': newKey() };
      const asShopper = await app.inject({
        ...route,
        headers: { ...headers, ...paid.shopper.headers },
      });
      expect(asShopper.statusCode, `${route.method} ${route.url}`).toBe(401);
      const asSupport = await app.inject({ ...route, headers: { ...headers, ...support } });
      if (route.ownerOnly) {
        expect(asSupport.statusCode, `${route.method} ${route.url}`).toBe(403);
      } else {
        expect(asSupport.statusCode, `${route.method} ${route.url}`).not.toBeOneOf([401, 403]);
      }
    }
  });
});

describe('POST /api/admin/orders/{id}/refunds', () => {
  it('refunds once for the same request sent twice, and the shopper sees the partial refund', async () => {
    const paid = await placePaidOrder(app);
    const key = newKey();
    const first = await refund(paid.orderId, 5000, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(adminOrderMessages.refunded('₹50.00'));
    const again = await refund(paid.orderId, 5000, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe(adminOrderMessages.refundRepeated);

    expect(await refundedAtRazorpay(paid)).toBe(5000);
    const order = (await detail(paid.orderId)).order;
    expect(order.paymentStatus).toBe('partially_refunded');
    expect(order.refundedPaise).toBe(5000);
    const [mine] = (await paid.shopper.myOrders()).filter((entry) => entry.orderId === paid.orderId);
    expect(mine?.refundedPaise).toBe(5000);
    expect(mine?.paymentStatus).toBe('partially_refunded');
    expect(await auditActions(paid.orderId)).toEqual(['order.refund']);
  });

  it('refuses a second refund that would exceed what was paid', async () => {
    const paid = await placePaidOrder(app);
    const firstAmount = paid.totalPaise - 1000;
    expect((await refund(paid.orderId, firstAmount)).statusCode).toBe(200);
    const second = await refund(paid.orderId, 2000);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(adminOrderMessages.exceedsRefundable('₹10.00'));
    expect(await refundedAtRazorpay(paid)).toBe(firstAmount);
  });

  it('of two refunds at once that together exceed the payment, makes one', async () => {
    const paid = await placePaidOrder(app);
    const share = Math.ceil(paid.totalPaise * 0.6);
    const replies = await Promise.all([refund(paid.orderId, share), refund(paid.orderId, share)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    expect(await refundedAtRazorpay(paid)).toBe(share);
  });

  it('refuses the same Idempotency-Key with another amount, and a missing key', async () => {
    const paid = await placePaidOrder(app);
    const key = newKey();
    expect((await refund(paid.orderId, 1000, key)).statusCode).toBe(200);
    const other = await refund(paid.orderId, 2000, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(adminOrderMessages.refundKeyReused);
    const noKey = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid.orderId}/refunds`,
      headers: owner,
      payload: { amountPaise: 100, reason: 'Parcel arrived damaged' },
    });
    expect(noKey.statusCode).toBe(400);
    expect(await refundedAtRazorpay(paid)).toBe(1000);
  });

  it('marks the order refunded when the refunds add up to the payment', async () => {
    const paid = await placePaidOrder(app);
    expect((await refund(paid.orderId, 1000)).statusCode).toBe(200);
    expect((await refund(paid.orderId, paid.totalPaise - 1000)).statusCode).toBe(200);
    const shown = await detail(paid.orderId);
    expect(shown.order.paymentStatus).toBe('refunded');
    expect(shown.refundablePaise).toBe(0);
    expect((await refund(paid.orderId, 100)).json().message).toBe(adminOrderMessages.nothingLeft);
  });
});

describe('POST /api/admin/orders/{id}/cancel', () => {
  it('cancels with a full refund before pickup, audited; again changes nothing', async () => {
    const paid = await placePaidOrder(app);
    const reply = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid.orderId}/cancel`,
      headers: owner,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().message).toBe(adminOrderMessages.cancelled);
    expect(reply.json().order.order.status).toBe('cancelled');
    expect(await refundedAtRazorpay(paid)).toBe(paid.totalPaise);
    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid.orderId}/cancel`,
      headers: owner,
    });
    expect(again.json().message).toBe(adminOrderMessages.alreadyCancelled);
    expect(await auditActions(paid.orderId)).toEqual(['order.cancel']);
  });

  it('refuses after pickup with the reason', async () => {
    const paid = await placePaidOrder(app);
    const { shipment } = await bookShipment(app, paid.orderId);
    await app.db.update(shipments).set({ stage: 'picked_up' }).where(eq(shipments.id, shipment.id));
    const reply = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid.orderId}/cancel`,
      headers: owner,
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe(cancelMessages.afterPickup);
    expect(await auditActions(paid.orderId)).toEqual([]);
  });

  it('with the shopper cancelling at the same time: one cancellation, one refund', async () => {
    const paid = await placePaidOrder(app);
    const [console, shopper] = await Promise.all([
      app.inject({ method: 'POST', url: `/api/admin/orders/${paid.orderId}/cancel`, headers: owner }),
      app.inject({
        method: 'POST',
        url: `/api/orders/cancel/${paid.orderId}`,
        headers: paid.shopper.headers,
      }),
    ]);
    expect(console.statusCode, console.body).toBe(200);
    expect(shopper.statusCode, shopper.body).toBe(200);
    const cancellations = await app.db
      .select()
      .from(statusHistory)
      .where(
        and(
          eq(statusHistory.entityId, paid.orderId),
          eq(statusHistory.field, 'status'),
          eq(statusHistory.toValue, 'cancelled'),
        ),
      );
    expect(cancellations).toHaveLength(1);
    const refundRows = await app.db
      .select({ id: refunds.id })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.orderId, paid.orderId));
    expect(refundRows).toHaveLength(1);
    expect(await refundedAtRazorpay(paid)).toBe(paid.totalPaise);
  });
});

describe('support actions', () => {
  it('adds a note, audited, shown on the order and its timeline', async () => {
    const paid = await placePaidOrder(app);
    const reply = await addNote(paid.orderId, 'Shopper called: gift wrap please');
    expect(reply.statusCode, reply.body).toBe(200);
    const shown = reply.json<{ order: AdminOrderDetail }>().order;
    expect(shown.notes.map((note) => note.body)).toEqual(['Shopper called: gift wrap please']);
    expect(await auditActions(paid.orderId)).toEqual(['order.note']);
    const empty = await addNote(paid.orderId, '  ');
    expect(empty.statusCode).toBe(400);
  });

  it('adds a note once for the same Idempotency-Key and body, answering as the first time', async () => {
    const paid = await placePaidOrder(app);
    const key = newKey();
    const first = await addNote(paid.orderId, 'Shopper asked for a call', key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await addNote(paid.orderId, '  Shopper asked for a call ', key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.json().message).toBe(adminOrderMessages.noteAdded);
    expect(await notesOf(paid.orderId)).toEqual([{ body: 'Shopper asked for a call', requestKey: key }]);
    expect(await auditActions(paid.orderId)).toEqual(['order.note']);

    // The key belongs to its order: another order's note with it is a note of its own.
    const other = await placePaidOrder(app);
    expect((await addNote(other.orderId, 'Shopper asked for a call', key)).statusCode).toBe(200);
    expect(await notesOf(other.orderId)).toHaveLength(1);
  });

  it('adds one note when the same request arrives twice at once', async () => {
    const paid = await placePaidOrder(app);
    const key = newKey();
    const replies = await Promise.all([
      addNote(paid.orderId, 'Refund promised', key),
      addNote(paid.orderId, 'Refund promised', key),
    ]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200]);
    expect(await notesOf(paid.orderId)).toHaveLength(1);
    expect(await auditActions(paid.orderId)).toEqual(['order.note']);
  });

  it('refuses the same Idempotency-Key with another body, and a missing or malformed key', async () => {
    const paid = await placePaidOrder(app);
    const key = newKey();
    expect((await addNote(paid.orderId, 'First words', key)).statusCode).toBe(200);
    const reused = await addNote(paid.orderId, 'Other words', key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ message: adminOrderMessages.noteKeyReused });
    for (const bad of [null, 'short', 'has spaces in it', 'x'.repeat(65)]) {
      const refused = await addNote(paid.orderId, 'Keyless words', bad);
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(refused.json().message).toContain(adminOrderMessages.noteKeyRequired);
    }
    expect(await notesOf(paid.orderId)).toEqual([{ body: 'First words', requestKey: key }]);
  });

  it('resends an e-mail sent before, and refuses one never sent', async () => {
    const paid = await placePaidOrder(app);
    expect((await detail(paid.orderId)).sentMessages).toEqual([]);
    const never = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid.orderId}/emails/confirmed/resend`,
      headers: support,
    });
    expect(never.statusCode).toBe(409);
    expect(never.json().message).toBe(adminOrderMessages.emailNeverSent);
    await sendQueuedOrderEmails(app, paid.orderId);
    expect((await detail(paid.orderId)).sentMessages).toEqual(['confirmed']);
    const resend = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid.orderId}/emails/confirmed/resend`,
      headers: support,
    });
    expect(resend.statusCode, resend.body).toBe(200);
    const queued = await queuedJobs(app, jobQueues.sendOrderEmail, paid.orderId);
    expect(queued.filter((job) => job.state === 'created')).toHaveLength(1);
    expect(await auditActions(paid.orderId)).toEqual(['order.email_resend']);
  });

  it('retries the shipment booking once at a time, and not for a booked parcel', async () => {
    const paid = await placePaidOrder(app);
    const url = `/api/admin/orders/${paid.orderId}/shipment/retry`;
    // The job queued at payment is still waiting: a retry now would be a second booking at once.
    const busy = await app.inject({ method: 'POST', url, headers: support });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(adminOrderMessages.shipmentRetryRunning);
    await app.db.execute(
      sql`update pgboss.job set state = 'failed' where data->>'orderId' = ${paid.orderId}`,
    );
    const retried = await app.inject({ method: 'POST', url, headers: support });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().message).toBe(adminOrderMessages.shipmentRetryQueued);
    expect(await auditActions(paid.orderId)).toEqual(['order.shipment_retry']);

    const booked = await placePaidOrder(app);
    await bookShipment(app, booked.orderId);
    const refused = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${booked.orderId}/shipment/retry`,
      headers: support,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(adminOrderMessages.shipmentAlreadyBooked);
    await app.db.update(shipments).set({ stage: 'cancelled' }).where(eq(shipments.orderId, booked.orderId));
    const cancelledParcel = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${booked.orderId}/shipment/retry`,
      headers: support,
    });
    expect(cancelledParcel.json().message).toBe(adminOrderMessages.shipmentCancelledByCourier);
  });

  it('retries the shipment of an order refunded in part: a goodwill refund does not stop the parcel', async () => {
    const paid = await placePaidOrder(app);
    expect((await refund(paid.orderId, 5000)).statusCode).toBe(200);
    await app.db.execute(
      sql`update pgboss.job set state = 'failed' where data->>'orderId' = ${paid.orderId}`,
    );
    const retried = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid.orderId}/shipment/retry`,
      headers: support,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().message).toBe(adminOrderMessages.shipmentRetryQueued);
  });
});

describe('GET /api/admin/orders', () => {
  it('finds an order by its number, e-mail, phone, AWB and Razorpay payment id', async () => {
    const paid = await placePaidOrder(app);
    const { shipment } = await bookShipment(app, paid.orderId);
    expect(shipment.awbCode).toBeTruthy();
    const keys = [
      orderNumberOf(paid.orderId),
      paid.shopper.email.toUpperCase(),
      paid.shopper.mobile,
      shipment.awbCode ?? '',
      paid.paymentId,
    ];
    for (const key of keys) {
      const found = await search(`q=${encodeURIComponent(key)}`);
      expect(
        found.orders.map((order) => order.orderId),
        key,
      ).toEqual([paid.orderId]);
    }
    expect((await search('q=nobody%40example.in')).orders).toEqual([]);
  });

  it("finds orders by a part of the shopper's name, in any case, and reads % and _ as no wildcard", async () => {
    const paid = await placePaidOrder(app);
    await app.db
      .update(orders)
      .set({ contact: sql`jsonb_set(${orders.contact}, '{name}', '"Meenakshi Iyer-Sundaram"')` })
      .where(eq(orders.id, paid.orderId));
    for (const key of ['meenakshi', 'IYER-SUND', 'Meenakshi Iyer']) {
      const found = await search(`q=${encodeURIComponent(key)}`);
      expect(
        found.orders.map((order) => order.orderId),
        key,
      ).toEqual([paid.orderId]);
      expect(found.orders[0]?.shopperName).toBe('Meenakshi Iyer-Sundaram');
    }
    expect((await search(`q=${encodeURIComponent('%')}`)).orders).toEqual([]);
    expect((await search(`q=${encodeURIComponent('M_enakshi')}`)).orders).toEqual([]);
  });

  it('pages newest first without skipping or repeating, ties included', async () => {
    await app.db.execute(sql`
      insert into orders (id, status, payment_status, mrp_paise, subtotal_paise, discount_paise, shipping_paise,
        tax_paise, total_paise, cart_fingerprint, contact, shipping_address, billing_address, created_at)
      select gen_random_uuid(), 'confirmed', 'paid', 1000, 1000, 0, 0, 0, 1000, 'x',
        '{"name":"Tie","email":"tie@example.in","phone":"9000000000"}', '{}', '{}',
        timestamptz '2023-03-01 10:00:00+05:30' + ((n % 5) * interval '1 minute')
      from generate_series(1, 23) as n`);
    const seen: string[] = [];
    let after = '';
    for (let page = 0; page < 10; page++) {
      const reply = await search(`from=2023-03-01&to=2023-03-01&limit=4${after ? `&after=${after}` : ''}`);
      seen.push(...reply.orders.map((order) => order.orderId));
      const times = reply.orders.map((order) => order.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      if (!reply.next) break;
      after = encodeURIComponent(reply.next);
    }
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
    expect((await search('from=2023-03-02&to=2023-03-02')).orders).toEqual([]);
    const noSuchDay = await app.inject({
      method: 'GET',
      url: '/api/admin/orders?from=2024-02-30',
      headers: support,
    });
    expect(noSuchDay.statusCode).toBe(400);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/admin/orders?after=nonsense',
      headers: support,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(adminOrderMessages.badCursor);
  });
});

describe('GET /api/admin/orders/{id}', () => {
  it("shows the invoice's GST, not the order's zero, and the mobile the courier calls", async () => {
    const placed = await newShopper(app);
    await app.db.update(users).set({ deliveryPhone: '9845012345' }).where(eq(users.id, placed.userId));
    const paid = await placePaidOrder(app, { shopper: placed });
    const shown = await detail(paid.orderId);
    const [invoice] = await app.db.select().from(invoices).where(eq(invoices.orderId, paid.orderId));
    expect(shown.order.taxPaise).toBe(0);
    expect(invoice?.igstPaise).toBeGreaterThan(0);
    expect(shown.invoiceTax).toEqual({
      cgstPaise: invoice?.cgstPaise,
      sgstPaise: invoice?.sgstPaise,
      igstPaise: invoice?.igstPaise,
    });
    expect(shown.shopper).toMatchObject({ phone: placed.mobile, deliveryPhone: '9845012345' });
  });

  it('merges status changes, payments, jobs, messages, staff actions and notes in time order', async () => {
    const paid = await placePaidOrder(app);
    await sendQueuedOrderEmails(app, paid.orderId);
    expect((await addNote(paid.orderId, 'Checked the address')).statusCode).toBe(200);
    expect((await refund(paid.orderId, 1000)).statusCode).toBe(200);
    await app.db.insert(webhookEvents).values({
      bodySha256: `timeline-${paid.orderId}`,
      provider: 'razorpay',
      event: 'order.paid',
      payload: { payload: { payment: { entity: { order_id: paid.razorpayOrderId } } } },
    });
    const shown = await detail(paid.orderId);
    const kinds = new Set(shown.timeline.map((entry) => entry.kind));
    for (const kind of [
      'status',
      'payment',
      'refund',
      'webhook',
      'job',
      'message',
      'staff',
      'note',
    ] as const) {
      expect(kinds, kind).toContain(kind);
    }
    const times = shown.timeline.map((entry) => entry.at);
    expect([...times].sort()).toEqual(times);
    expect(shown.timeline[0]?.summary).toBe('Order placed');
    // docs/product.md#staff: status changes in words, not their fields and codes.
    const changes = shown.timeline.filter((entry) => entry.kind === 'status').map((entry) => entry.summary);
    expect(changes).toContain('Payment: Pending → Paid');
    expect(changes.join(' ')).not.toMatch(/paymentStatus|shipmentStage|_/);
    expect(shown.refunds.map((entry) => entry.amountPaise)).toEqual([1000]);
    expect(shown.refundablePaise).toBe(paid.totalPaise - 1000);
    const missing = await app.inject({ method: 'GET', url: `/api/admin/orders/${ANY_ID}`, headers: support });
    expect(missing.statusCode).toBe(404);
  });
});

describe('GET /api/admin/dashboard and /api/admin/attention', () => {
  it('counts paid orders, revenue net of refunds and the average by IST period', async () => {
    const figures = async () =>
      (
        await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: support })
      ).json<DashboardReply>();
    const before = await figures();
    const inserted = (await app.db.execute(sql`
      insert into orders (id, status, payment_status, mrp_paise, subtotal_paise, discount_paise, shipping_paise,
        tax_paise, total_paise, cart_fingerprint, contact, shipping_address, billing_address, created_at, paid_at)
      values
        (gen_random_uuid(), 'confirmed', 'partially_refunded', 100000, 100000, 0, 0, 0, 100000, 'x', '{}', '{}', '{}', now(), now()),
        (gen_random_uuid(), 'confirmed', 'paid', 50000, 50000, 0, 0, 0, 50000, 'x', '{}', '{}', '{}', now() - interval '3 days', now()),
        (gen_random_uuid(), 'confirmed', 'paid', 30000, 30000, 0, 0, 0, 30000, 'x', '{}', '{}', '{}', now() - interval '20 days', now()),
        (gen_random_uuid(), 'confirmed', 'paid', 70000, 70000, 0, 0, 0, 70000, 'x', '{}', '{}', '{}', now() - interval '40 days', now()),
        (gen_random_uuid(), 'pending', 'pending', 90000, 90000, 0, 0, 0, 90000, 'x', '{}', '{}', '{}', now(), null)
      returning id, total_paise`)) as unknown as { rows: { id: string; total_paise: number }[] };
    const refunded = inserted.rows.find((row) => Number(row.total_paise) === 100000);
    if (!refunded) throw new Error('no order inserted');
    const [payment] = await app.db
      .insert(payments)
      .values({
        orderId: refunded.id,
        razorpayPaymentId: `pay_dash${Date.now()}`,
        razorpayOrderId: 'order_dash',
        status: 'captured',
        amountPaise: 100000,
        amountRefundedPaise: 20000,
        currency: 'INR',
      })
      .returning();
    if (!payment) throw new Error('no payment inserted');
    await app.db.insert(refunds).values({
      paymentId: payment.id,
      razorpayRefundId: `rfnd_dash${Date.now()}`,
      amountPaise: 20000,
      status: 'processed',
    });
    // Paid means a captured payment, as the checkout leaves it: the money record counts what was received.
    const others = inserted.rows.filter((row) => row.id !== refunded.id && Number(row.total_paise) !== 90000);
    await app.db.insert(payments).values(
      others.map((row, index) => ({
        orderId: row.id,
        razorpayPaymentId: `pay_dash${Date.now()}_${index}`,
        razorpayOrderId: 'order_dash',
        status: 'captured' as const,
        amountPaise: Number(row.total_paise),
        currency: 'INR',
      })),
    );
    for (const row of inserted.rows) await remakeMoneyRecord(app, row.id);
    // docs/architecture.md#money-record: a replacement sent for nothing today is no order of the averages.
    await app.db.execute(sql`
      insert into orders (id, status, payment_status, mrp_paise, subtotal_paise, discount_paise, shipping_paise,
        tax_paise, total_paise, cart_fingerprint, payment_method, contact, shipping_address, billing_address,
        created_at, paid_at, replacement_of_order_id)
      values (gen_random_uuid(), 'confirmed', 'paid', 0, 0, 0, 0, 0, 0, 'replacement', 'Replacement', '{}', '{}',
        '{}', now(), now(), ${refunded.id})`);

    const after = await figures();
    const delta = (period: DashboardPeriodKey) => ({
      orders: after[period].orders - before[period].orders,
      revenuePaise: after[period].revenuePaise - before[period].revenuePaise,
    });
    expect(delta('today')).toEqual({ orders: 1, revenuePaise: 80000 });
    expect(delta('last7Days')).toEqual({ orders: 2, revenuePaise: 130000 });
    expect(delta('last30Days')).toEqual({ orders: 3, revenuePaise: 160000 });
    const { last30Days } = after;
    expect(last30Days.averageOrderPaise).toBe(Math.round(last30Days.revenuePaise / last30Days.orders));
  });

  it('lists an open flag with its order until it is resolved', async () => {
    const paid = await placePaidOrder(app);
    await app.db.execute(
      sql`insert into order_attention (order_id, reason) values (${paid.orderId}, 'shipment_not_booked')`,
    );
    const list = async () =>
      (await app.inject({ method: 'GET', url: '/api/admin/attention', headers: support })).json<{
        items: { orderId: string | null; reason: string }[];
      }>().items;
    expect(await list()).toContainEqual(
      expect.objectContaining({ orderId: paid.orderId, reason: 'shipment_not_booked' }),
    );
    await bookShipment(app, paid.orderId);
    await app.db.execute(
      sql`update order_attention set resolved_at = now() where order_id = ${paid.orderId}`,
    );
    expect((await list()).filter((item) => item.orderId === paid.orderId)).toEqual([]);
  });
});

describe('needs attention: refunds pending over a day, webhooks failing their signature', () => {
  const attention = async () =>
    (await app.inject({ method: 'GET', url: '/api/admin/attention', headers: support })).json<{
      items: { kind: string; orderId: string | null; reason: string }[];
    }>().items;

  it('flags an order whose refund is pending over a day, until Razorpay settles it', async () => {
    razorpaySimulatorOf(app).setRefundMode('pending');
    const paid = await placePaidOrder(app);
    expect((await refund(paid.orderId, 1000)).statusCode).toBe(200);
    await flagLongPendingRefunds(paymentDeps(app));
    const flagged = (items: Awaited<ReturnType<typeof attention>>) =>
      items.filter((item) => item.orderId === paid.orderId).map((item) => item.reason);
    expect(flagged(await attention())).toEqual([]);

    await app.db.execute(sql`
      update refunds set created_at = now() - interval '25 hours', updated_at = now() - interval '25 hours'
      where payment_id in (select id from payments where order_id = ${paid.orderId})`);
    await flagLongPendingRefunds(paymentDeps(app));
    expect(flagged(await attention())).toEqual(['refund_pending_long']);

    const [pending] = (await detail(paid.orderId)).refunds;
    razorpaySimulatorOf(app).settleRefund(pending?.razorpayRefundId ?? '', 'processed', { webhook: false });
    await settleStalePendingRefunds(paymentDeps(app));
    expect(flagged(await attention())).toEqual([]);
  });

  it('flags a parcel in trouble at the courier until an ordinary status follows', async () => {
    const paid = await placePaidOrder(app);
    const { shipment } = await bookShipment(app, paid.orderId);
    const report = (statusId: number, statusLabel: string) =>
      applyTrackingUpdate(paymentDeps(app), shipment.id, { statusId, statusLabel, scans: [] }, 'webhook');
    const flagged = async () =>
      (await attention()).filter((item) => item.orderId === paid.orderId).map((item) => item.reason);
    await report(12, 'LOST');
    expect(await flagged()).toEqual(['courier_exception']);
    await report(18, 'IN TRANSIT');
    expect(await flagged()).toEqual([]);
  });

  it('lists a Razorpay webhook that failed its signature as a security alert', async () => {
    const reply = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'forged' },
      payload: '{"event":"payment.captured"}',
    });
    expect(reply.statusCode).toBe(400);
    expect(await attention()).toContainEqual(
      expect.objectContaining({ kind: 'security', reason: 'webhook_signature_failed', orderId: null }),
    );
  });
});
