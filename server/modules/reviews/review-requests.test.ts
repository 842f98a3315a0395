import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyReviewsReply } from '../../../contracts/reviews';
import {
  orderItems,
  orders,
  returnLines,
  returns,
  reviewRequests,
  reviewSettings,
  statusHistory,
} from '../../db/schema';
import { jobQueues } from '../../job-queues';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { insertDeliveredOrders } from '../../test/delivered-orders';
import { readOutbox } from '../../test/dev-outbox';
import { createShopper } from '../../test/shopper-factory';
import { optOutOfReviewRequests, queueReviewRequests, sendReviewRequest } from './review-requests';

// docs/product.md#review-requests: the request goes once per order, the set days after delivery, never to a
// shopper who opted out or returned everything.

const DAY = 24 * 3600_000;
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ jobWorkers: false });
});
afterAll(() => app.closeAndDrop());

/** A shopper's order of product 2, delivered `daysAgo` days before `now`, with its own e-mail address. */
async function deliveredDaysAgo(
  daysAgo: number,
  now: Date,
  contact: { email?: string; phone?: string } = {},
) {
  const shopper = await createShopper(app);
  const [orderId = ''] = await insertDeliveredOrders(app.db, { userIds: [shopper.user._id], productId: 2 });
  const email = contact.email ?? `review-${randomUUID().slice(0, 8)}@example.in`;
  await app.db
    .update(orders)
    .set({ contact: { name: 'Asha Rao', email, phone: contact.phone ?? '9876543210' } })
    .where(eq(orders.id, orderId));
  await app.db
    .update(statusHistory)
    .set({ createdAt: new Date(now.getTime() - daysAgo * DAY) })
    .where(and(eq(statusHistory.entityId, orderId), eq(statusHistory.toValue, 'delivered')));
  return { orderId, userId: shopper.user._id, email };
}

async function requestJobs(orderId: string) {
  const result = (await app.db.execute(
    sql`select data from pgboss.job where name = ${jobQueues.sendReviewRequest} and data->>'orderId' = ${orderId}`,
  )) as unknown as { rows: { data: { orderId: string } }[] };
  return result.rows.map((row) => row.data);
}

async function requestRow(orderId: string) {
  const [row] = await app.db.select().from(reviewRequests).where(eq(reviewRequests.orderId, orderId));
  return row;
}

const send = (orderId: string, now: Date) =>
  sendReviewRequest(app.db, app.notifier, { orderId }, app.config.publicUrl, now);

describe('the review request', () => {
  it('is queued once per order, the set days after delivery, and its link opens the form for that order', async () => {
    const now = new Date();
    const due = await deliveredDaysAgo(5.1, now);
    const early = await deliveredDaysAgo(4.9, now);
    const stale = await deliveredDaysAgo(5 + 15, now);

    expect(await queueReviewRequests(app.db, app.jobs, now)).toBeGreaterThanOrEqual(1);
    expect(await requestJobs(due.orderId)).toEqual([{ orderId: due.orderId }]);
    expect(await requestJobs(early.orderId)).toEqual([]);
    expect(await requestJobs(stale.orderId)).toEqual([]);
    // Again: nothing more for the same order.
    await queueReviewRequests(app.db, app.jobs, now);
    expect(await requestJobs(due.orderId)).toHaveLength(1);

    await send(due.orderId, now);
    await send(due.orderId, now);
    const messages = await readOutbox(app, due.email);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.subject).toBe(`How are your mittens? (OM-${due.orderId.slice(0, 8).toUpperCase()})`);
    expect(messages[0]?.body).toContain('For Normal Skin');
    expect(await requestRow(due.orderId)).toMatchObject({ channel: 'email', skipped: null });
    expect((await requestRow(due.orderId))?.sentAt).not.toBeNull();

    const token = /\/review\?token=([\w-]+)/.exec(messages[0]?.body ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    const mine = await app.inject({
      method: 'GET',
      url: '/api/reviews/mine',
      headers: { 'x-review-link': token },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<MyReviewsReply>()).toMatchObject({
      orderId: due.orderId,
      products: [{ productId: 2, canReview: true }],
    });

    // The early one becomes due a few hours later.
    const later = new Date(now.getTime() + 0.2 * DAY);
    await queueReviewRequests(app.db, app.jobs, later);
    expect(await requestJobs(early.orderId)).toHaveLength(1);
  });

  it('follows the owner’s number of days', async () => {
    const now = new Date();
    const order = await deliveredDaysAgo(5.5, now);
    await app.db.insert(reviewSettings).values({ id: 1, requestDelayDays: 7 });
    try {
      await queueReviewRequests(app.db, app.jobs, now);
      expect(await requestJobs(order.orderId)).toEqual([]);
      await queueReviewRequests(app.db, app.jobs, new Date(now.getTime() + 2 * DAY));
      expect(await requestJobs(order.orderId)).toHaveLength(1);
    } finally {
      await app.db.delete(reviewSettings);
    }
  });

  it('is never sent to a shopper who opted out, before or after it was queued', async () => {
    const now = new Date();
    const before = await deliveredDaysAgo(6, now);
    await optOutOfReviewRequests(app.db, before.userId);
    await queueReviewRequests(app.db, app.jobs, now);
    expect(await requestJobs(before.orderId)).toEqual([]);
    expect(await requestRow(before.orderId)).toBeUndefined();

    const after = await deliveredDaysAgo(6, now);
    await queueReviewRequests(app.db, app.jobs, now);
    expect(await requestJobs(after.orderId)).toHaveLength(1);
    await optOutOfReviewRequests(app.db, after.userId);
    await send(after.orderId, now);
    expect(await readOutbox(app, after.email)).toEqual([]);
    expect(await requestRow(after.orderId)).toMatchObject({ skipped: 'opted_out', sentAt: null });
  });

  it('is not sent for an order whose every unit was returned for a refund', async () => {
    const now = new Date();
    const order = await deliveredDaysAgo(6, now);
    const [item] = await app.db.select().from(orderItems).where(eq(orderItems.orderId, order.orderId));
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.orderId));
    const returnId = randomUUID();
    await app.db.insert(returns).values({
      id: returnId,
      orderId: order.orderId,
      userId: order.userId,
      status: 'refunded',
      resolution: 'refund',
      reason: 'changed_my_mind',
      paidPaise: 56900,
      refundPaise: 56900,
      units: 1,
      pickupAddress: row?.shippingAddress ?? ({} as never),
      requestKey: returnId,
    });
    await app.db
      .insert(returnLines)
      .values({ returnId, orderItemId: item?.id ?? '', units: 1, paidPaise: 56900 });
    await queueReviewRequests(app.db, app.jobs, now);
    expect(await requestJobs(order.orderId)).toEqual([]);
    expect(await requestRow(order.orderId)).toMatchObject({ skipped: 'returned_everything' });
  });

  it('goes by SMS to a shopper with no e-mail', async () => {
    const now = new Date();
    const phone = `9${String(Date.now()).slice(-9)}`;
    const order = await deliveredDaysAgo(6, now, { email: '', phone });
    await queueReviewRequests(app.db, app.jobs, now);
    await send(order.orderId, now);
    const [message] = await readOutbox(app, phone);
    expect(message?.channel).toBe('sms');
    expect(message?.body).toMatch(
      new RegExp(
        `^Ottoman Mittens: how do you find your order OM-${order.orderId.slice(0, 8).toUpperCase()}\\? Rate it in a minute: http.*/review\\?token=`,
      ),
    );
    expect(await requestRow(order.orderId)).toMatchObject({ channel: 'sms' });
  });
});
