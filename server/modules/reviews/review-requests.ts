import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  REVIEW_LINK_DAYS,
  reviewLinkPath,
  reviewOptOutPath,
  reviewRequestEmail,
} from '../../../contracts/review-rules';
import type { Database } from '../../db/client';
import { orderItems, orders, reviewRequestOptOuts, reviewRequests } from '../../db/schema';
import type { JobPayloads, Jobs } from '../../job-queues';
import { jobQueues } from '../../job-queues';
import type { Notifier } from '../notifications/notifier';
import { fillSmsTemplate } from '../notifications/sms-templates';
import { orderNumberOf } from '../orders/order-view';
import { returnedEverything } from './review-eligibility';
import { newReviewLink, orderLinesWithReturns, readReviewSettings } from './review-records';

// docs/product.md#review-requests: a set number of days after delivery (the owner's setting, 5 by default), one
// request per order, by e-mail (SMS to a shopper with no e-mail), with a link that opens the review form signed for
// that order. Never to a shopper who opted out, nor for an order whose every unit was returned for a refund.

const DAY_MS = 24 * 3600_000;
/** Orders delivered longer ago than the delay and this are not asked any more (nor, at launch, every old order). */
export const REQUEST_LATEST_DAYS_AFTER_DUE = 14;
const BATCH = 200;

/** Why a due order got no message; its request row keeps the reason, so it is never asked again. */
export type SkippedReason = 'opted_out' | 'returned_everything' | 'no_address';

async function returnedEverythingOf(db: Database, orderIds: readonly string[]) {
  const lines = await orderLinesWithReturns(db, orderIds);
  return new Set(
    orderIds.filter((orderId) => returnedEverything(lines.filter((line) => line.orderId === orderId))),
  );
}

const optedOut = (userId: ReturnType<typeof sql>) =>
  sql`exists (select 1 from ${reviewRequestOptOuts} where ${reviewRequestOptOuts.userId} = ${userId})`;

/**
 * The scheduled step: every delivered order of a shopper's whose delivery is at least the delay old (and not over
 * two weeks past it), with no request yet, gets its request row and its message job in one transaction; an order
 * that returned everything gets a row that says so and no job. A shopper who opted out is not selected.
 */
export async function queueReviewRequests(db: Database, jobs: Jobs, now = new Date()): Promise<number> {
  const { requestDelayDays } = await readReviewSettings(db);
  const dueBefore = new Date(now.getTime() - requestDelayDays * DAY_MS);
  const notBefore = new Date(dueBefore.getTime() - REQUEST_LATEST_DAYS_AFTER_DUE * DAY_MS);
  const due = (await db.execute(sql`
    select o.id, o.user_id from ${orders} o
    where o.status = 'delivered' and o.user_id is not null and o.replacement_of_order_id is null
      and not exists (select 1 from ${reviewRequests} r where r.order_id = o.id)
      and not ${optedOut(sql`o.user_id`)}
      and (select max(h.created_at) from status_history h
           where h.entity = 'order' and h.entity_id = o.id and h.field = 'status' and h.to_value = 'delivered')
          between ${notBefore.toISOString()} and ${dueBefore.toISOString()}
    order by o.created_at limit ${BATCH}`)) as unknown as { rows: { id: string; user_id: string }[] };
  const returned = await returnedEverythingOf(
    db,
    due.rows.map((row) => row.id),
  );
  let queued = 0;
  for (const row of due.rows) {
    await db.transaction(async (tx) => {
      const skipped = returned.has(row.id) ? 'returned_everything' : null;
      const [written] = await tx
        .insert(reviewRequests)
        .values({ orderId: row.id, userId: row.user_id, skipped })
        .onConflictDoNothing()
        .returning();
      if (!written || skipped) return;
      await jobs.send(tx, jobQueues.sendReviewRequest, { orderId: row.id }, { singletonKey: row.id });
      queued += 1;
    });
  }
  return queued;
}

async function skip(db: Database, orderId: string, reason: SkippedReason) {
  await db.update(reviewRequests).set({ skipped: reason }).where(eq(reviewRequests.orderId, orderId));
}

/**
 * The message job: checks again (the shopper may have opted out or returned everything since it was queued),
 * makes the order's review link and sends it; a request sent or skipped is never sent again.
 */
export async function sendReviewRequest(
  db: Database,
  notifier: Notifier,
  job: JobPayloads['review.request'],
  publicUrl: string,
  now = new Date(),
): Promise<void> {
  const [request] = await db
    .select()
    .from(reviewRequests)
    .where(
      and(
        eq(reviewRequests.orderId, job.orderId),
        isNull(reviewRequests.sentAt),
        isNull(reviewRequests.skipped),
      ),
    );
  const [order] = request ? await db.select().from(orders).where(eq(orders.id, job.orderId)) : [];
  if (!order?.userId) return;
  const [opted] = await db
    .select()
    .from(reviewRequestOptOuts)
    .where(eq(reviewRequestOptOuts.userId, order.userId));
  if (opted) return skip(db, order.id, 'opted_out');
  if ((await returnedEverythingOf(db, [order.id])).size > 0) return skip(db, order.id, 'returned_everything');
  const { email, phone, name } = order.contact;
  if (!email && !phone) return skip(db, order.id, 'no_address');

  const { token } = await newReviewLink(db, order.id, order.userId, now);
  const base = publicUrl.replace(/\/$/, '');
  const link = `${base}${reviewLinkPath(token)}`;
  const number = orderNumberOf(order.id);
  if (email) {
    const titles = await db
      .select({ title: orderItems.title })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    const facts: Record<string, string> = {
      order: number,
      products: [...new Set(titles.map((item) => item.title))].join(', '),
      link,
      optOut: `${base}${reviewOptOutPath(token)}`,
    };
    const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, key: string) => facts[key] ?? '');
    await notifier.email({
      to: email,
      subject: fill(reviewRequestEmail.subject),
      text: `Hello ${name},\n\n${fill(reviewRequestEmail.text)}\n\nThe link works for ${REVIEW_LINK_DAYS} days.\n\nOttoman Mittens`,
    });
  } else if (phone) {
    const variables = { order: number, link };
    await notifier.sms({
      to: phone,
      text: fillSmsTemplate('review_request', variables),
      template: 'review_request',
      variables,
    });
  }
  await db
    .update(reviewRequests)
    .set({ sentAt: sql`now()`, channel: email ? 'email' : 'sms' })
    .where(eq(reviewRequests.orderId, order.id));
}

/** docs/product.md#review-requests: the shopper asks for no more review requests (twice changes nothing). */
export async function optOutOfReviewRequests(db: Database, userId: string) {
  await db.insert(reviewRequestOptOuts).values({ userId }).onConflictDoNothing();
}
