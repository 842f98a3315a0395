import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AdminMessageActionReply,
  type AdminMessageDetail,
  type AdminMessagesReply,
  adminInboxMessages,
} from '../../../contracts/admin-inbox';
import { complaintDeadlines } from '../../../contracts/complaints';
import { auditLog, contactMessages, contactReplies } from '../../db/schema';
import { type JobPayloads, jobQueues } from '../../job-queues';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { readOutbox } from '../../test/dev-outbox';
import { placePaidOrder } from '../../test/order-helpers';
import { createShopper } from '../../test/shopper-factory';
import { createStaffMember } from '../../test/staff-factory';
import { sendContactReply } from '../contact/send-reply';
import { listInboxMessages } from './inbox-queries';

let app: TestApp;
let support: { authorization: string };
let supportId: string;

beforeAll(async () => {
  // No workers: the tests run the queued reply jobs themselves, twice where a retry is the point.
  app = await buildTestApp({ authRateLimitMax: 1000, jobWorkers: false });
  const member = await createStaffMember(app, { role: 'support', name: 'Sam Iyer' });
  support = member.headers;
  supportId = member.staffId;
});
afterAll(() => app.closeAndDrop());
beforeEach(async () => {
  await app.db.delete(contactMessages);
});

let sequence = 0;
const newKey = () => `test-reply-${Date.now()}-${++sequence}`;

async function insertMessage(overrides: Partial<typeof contactMessages.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await app.db
    .insert(contactMessages)
    .values({
      name: 'Meera Iyer',
      email: `sender${sequence}@example.in`,
      message: 'Do you ship to Kochi?\nThanks!',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no message inserted');
  return row;
}

function reply(id: string, body: string, key: string | null = newKey(), headers = support) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/messages/${id}/reply`,
    headers: key === null ? headers : { ...headers, 'idempotency-key': key },
    payload: { body },
  });
}

const setStatus = (id: string, status: string) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/messages/${id}/status`,
    headers: support,
    payload: { status },
  });

const list = async (query = '') => {
  const response = await app.inject({ method: 'GET', url: `/api/admin/messages${query}`, headers: support });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminMessagesReply>();
};

const detail = async (id: string) => {
  const response = await app.inject({ method: 'GET', url: `/api/admin/messages/${id}`, headers: support });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminMessageDetail>();
};

/** Runs the queued `contact.reply` jobs of the message as the worker would. */
async function runReplyJobs(messageId: string) {
  const result = (await app.db.execute(
    sql`select j.data from pgboss.job j join contact_replies r on r.id::text = j.data->>'replyId'
        where j.name = ${jobQueues.sendContactReply} and r.message_id = ${messageId} order by j.created_on`,
  )) as unknown as { rows: { data: JobPayloads['contact.reply'] }[] };
  const mine = result.rows.map((row) => row.data);
  for (const job of mine) await sendContactReply(app.db, app.notifier, app.config.careEmail, job);
  return mine;
}

describe('POST /api/admin/messages/{id}/reply', () => {
  it('e-mails the reply to the sender with the original quoted, threads it and marks the message replied', async () => {
    const message = await insertMessage({ email: 'meera.reply@example.in' });
    const response = await reply(message.id, '  Yes, we ship to Kochi in 3 to 5 days.  ');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<AdminMessageActionReply>();
    expect(body.message).toBe('Reply sent.');
    expect(body.detail.message.status).toBe('replied');
    expect(body.detail.message.statusChangedAt).not.toBeNull();
    expect(body.detail.replies).toEqual([
      expect.objectContaining({
        staffName: 'Sam Iyer',
        body: 'Yes, we ship to Kochi in 3 to 5 days.',
        emailedAt: null,
      }),
    ]);
    // Queued in the transaction, sent by the job.
    expect(await readOutbox(app, 'meera.reply@example.in')).toEqual([]);
    expect(await runReplyJobs(message.id)).toHaveLength(1);

    const [sent, ...more] = await readOutbox(app, 'meera.reply@example.in');
    expect(more).toEqual([]);
    expect(sent).toMatchObject({ channel: 'email', subject: 'Re: your message to Ottoman Mittens' });
    expect(sent?.body).toContain('Hello Meera Iyer,\n\nYes, we ship to Kochi in 3 to 5 days.\n\nOn ');
    expect(sent?.body).toMatch(/you wrote:\n> Do you ship to Kochi\?\n> Thanks!$/);
    const after = await detail(message.id);
    expect(after.replies[0]?.emailedAt).not.toBeNull();

    // A retried job after the e-mail went sends nothing more.
    await runReplyJobs(message.id);
    expect(await readOutbox(app, 'meera.reply@example.in')).toHaveLength(1);
  });

  it('makes one reply and one e-mail for the same Idempotency-Key sent twice', async () => {
    const message = await insertMessage({ email: 'twice@example.in' });
    const key = newKey();
    const first = await reply(message.id, 'We have restocked.', key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await reply(message.id, 'We have restocked.', key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<AdminMessageActionReply>().message).toBe(adminInboxMessages.replyRepeated);
    expect(again.json<AdminMessageActionReply>().detail.replies).toHaveLength(1);
    const rows = await app.db.select().from(contactReplies).where(eq(contactReplies.messageId, message.id));
    expect(rows).toEqual([expect.objectContaining({ requestKey: key, staffId: supportId })]);
    expect(await runReplyJobs(message.id)).toHaveLength(1);
    expect(await readOutbox(app, 'twice@example.in')).toHaveLength(1);

    const reused = await reply(message.id, 'Something else entirely.', key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ message: adminInboxMessages.replyKeyReused });
  });

  it('refuses a blank or too long reply, a missing key and an unknown message with clear messages', async () => {
    const message = await insertMessage();
    const blank = await reply(message.id, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: 'Please write a reply.' });
    const long = await reply(message.id, 'x'.repeat(5001));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: 'A reply must be at most 5000 characters.' });
    const keyless = await reply(message.id, 'Hello', null);
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json()).toMatchObject({ message: adminInboxMessages.replyKeyRequired });
    const unknown = await reply('8a0b7a4e-3c1e-4b7a-9a53-1f2d3c4b5a69', 'Hello');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'We could not find that message.' });
    const badId = await app.inject({ method: 'GET', url: '/api/admin/messages/not-an-id', headers: support });
    expect(badId.statusCode).toBe(400);
    expect(
      await app.db.select().from(contactReplies).where(eq(contactReplies.messageId, message.id)),
    ).toEqual([]);
    expect((await detail(message.id)).message.status).toBe('new');
  });
});

describe('the inbox list, the message page and close / reopen', () => {
  it('lists newest first with previews and reply counts, filters by status and counts the new ones', async () => {
    const older = await insertMessage({ name: 'Older', createdAt: new Date(Date.now() - 3_600_000) });
    // Moments of their own: two rows written in the same instant would be ordered by their random ids.
    const newer = await insertMessage({
      name: 'Newer',
      message: `Long ${'word '.repeat(60)}`,
      createdAt: new Date(Date.now() - 60_000),
    });
    const closed = await insertMessage({ name: 'Closed', status: 'closed' });
    expect((await reply(older.id, 'Answered.')).statusCode).toBe(200);

    const all = await list();
    expect(all.messages.map((row) => row.name)).toEqual(['Closed', 'Newer', 'Older']);
    expect(all.newCount).toBe(1);
    expect(all.hasMore).toBe(false);
    const newerRow = all.messages.find((row) => row.id === newer.id);
    expect(newerRow?.preview).toHaveLength(140);
    expect(newerRow?.preview.endsWith('…')).toBe(true);
    expect(all.messages.find((row) => row.id === older.id)).toMatchObject({
      status: 'replied',
      replyCount: 1,
    });

    expect((await list('?status=new')).messages.map((row) => row.id)).toEqual([newer.id]);
    expect((await list('?status=replied')).messages.map((row) => row.id)).toEqual([older.id]);
    expect((await list('?status=closed')).messages.map((row) => row.id)).toEqual([closed.id]);
    const bad = await app.inject({ method: 'GET', url: '/api/admin/messages?status=spam', headers: support });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Please choose a status: new, replied or closed.' });
    const badPage = await app.inject({ method: 'GET', url: '/api/admin/messages?page=0', headers: support });
    expect(badPage.statusCode).toBe(400);
  });

  it('closes and reopens a message, each change audited, and the new count follows', async () => {
    const message = await insertMessage();
    expect((await list()).newCount).toBe(1);
    const closed = await setStatus(message.id, 'closed');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<AdminMessageActionReply>()).toMatchObject({
      message: 'Message closed.',
      detail: { message: { status: 'closed' } },
    });
    expect((await list()).newCount).toBe(0);
    const reopened = await setStatus(message.id, 'new');
    expect(reopened.json<AdminMessageActionReply>()).toMatchObject({
      message: 'Message reopened.',
      detail: { message: { status: 'new' } },
    });
    expect((await list()).newCount).toBe(1);
    const refused = await setStatus(message.id, 'replied');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'Please choose new (reopen) or closed.' });

    expect((await reply(message.id, 'Done.')).statusCode).toBe(200);
    const audit = await app.db
      .select({
        action: auditLog.action,
        staffId: auditLog.staffId,
        before: auditLog.before,
        after: auditLog.after,
      })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'contact_message'), eq(auditLog.entityId, message.id)))
      .orderBy(auditLog.createdAt);
    expect(audit.map((row) => [row.action, row.before, (row.after as { status: string }).status])).toEqual([
      ['contact.close', { status: 'new' }, 'closed'],
      ['contact.reopen', { status: 'closed' }, 'new'],
      ['contact.reply', { status: 'new' }, 'replied'],
    ]);
    expect(audit.every((row) => row.staffId === supportId)).toBe(true);
  });

  it("links a sender who has a shopper account and counts that account's paid orders", async () => {
    const paid = await placePaidOrder(app);
    const message = await insertMessage({ email: paid.shopper.email.toUpperCase() });
    expect((await detail(message.id)).sender).toEqual({ customerId: paid.shopper.userId, ordersCount: 1 });
    const stranger = await insertMessage({ email: 'nobody.here@example.in' });
    expect((await detail(stranger.id)).sender).toEqual({ customerId: null, ordersCount: 0 });
  });

  it('links the shopper who was signed in when sending, whatever e-mail they typed', async () => {
    const paid = await placePaidOrder(app);
    const message = await insertMessage({ email: 'typed.elsewhere@example.in', userId: paid.shopper.userId });
    expect((await detail(message.id)).sender).toEqual({ customerId: paid.shopper.userId, ordersCount: 1 });
  });
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A complaint that arrived at `createdAt`, with the number and deadlines the contact form gives it. */
function insertComplaint(createdAt: Date, overrides: Partial<typeof contactMessages.$inferInsert> = {}) {
  return insertMessage({
    topic: 'complaint',
    complaintNumber: `GRV-2026-${String(900_000 + sequence).padStart(6, '0')}`,
    ...complaintDeadlines(createdAt),
    createdAt,
    ...overrides,
  });
}

async function insertReply(messageId: string, createdAt: Date) {
  await app.db
    .insert(contactReplies)
    .values({ messageId, staffId: supportId, body: 'We are on it.', requestKey: newKey(), createdAt });
}

// docs/product.md#complaints: the 48-hour acknowledgement and the one-month resolution.
describe('complaints in the inbox', () => {
  it('shows each complaint with its clocks, filters to complaints and counts the overdue ones', async () => {
    const now = Date.now();
    const fresh = await insertComplaint(new Date(now - HOUR));
    const unanswered = await insertComplaint(new Date(now - 3 * DAY));
    const answeredLongAgo = await insertComplaint(new Date(now - 40 * DAY), { status: 'replied' });
    await insertReply(answeredLongAgo.id, new Date(now - 39 * DAY));
    const closedLate = await insertComplaint(new Date(now - 40 * DAY), {
      status: 'closed',
      statusChangedAt: new Date(now - 30 * DAY),
    });
    const question = await insertMessage({ createdAt: new Date(now - 2 * HOUR) });

    const all = await list();
    expect(all.overdueComplaints).toBe(2);
    const clocksOf = (id: string) => all.messages.find((row) => row.id === id)?.complaint;
    expect(clocksOf(question.id)).toBeNull();
    expect(clocksOf(fresh.id)).toMatchObject({
      number: fresh.complaintNumber,
      acknowledgeBy: fresh.acknowledgeBy?.toISOString(),
      acknowledgement: 'due',
      resolveBy: fresh.resolveBy,
      resolution: 'due',
    });
    expect(clocksOf(unanswered.id)).toMatchObject({ acknowledgement: 'overdue', resolution: 'due' });
    expect(clocksOf(answeredLongAgo.id)).toMatchObject({
      acknowledgement: 'met',
      acknowledgedAt: new Date(now - 39 * DAY).toISOString(),
      resolution: 'overdue',
      resolvedAt: null,
    });
    // Closed without a reply, ten days in: acknowledged late by the closing, resolved in time.
    expect(clocksOf(closedLate.id)).toMatchObject({
      acknowledgement: 'met_late',
      resolution: 'met',
      resolvedAt: new Date(now - 30 * DAY).toISOString(),
    });

    const complaints = await list('?topic=complaint');
    expect(complaints.messages.map((row) => row.id).sort()).toEqual(
      [fresh.id, unanswered.id, answeredLongAgo.id, closedLate.id].sort(),
    );
    const badTopic = await app.inject({
      method: 'GET',
      url: '/api/admin/messages?topic=rant',
      headers: support,
    });
    expect(badTopic.statusCode).toBe(400);
    expect(badTopic.json()).toMatchObject({ message: 'Please choose a topic: message or complaint.' });

    const page = await detail(unanswered.id);
    expect(page.message.complaint).toMatchObject({
      number: unanswered.complaintNumber,
      acknowledgement: 'overdue',
    });
  });

  it('moves a clock from due to overdue to met as the injected clock and the answers say', async () => {
    const receivedAt = new Date('2026-03-02T04:30:00Z'); // 10 am IST
    const complaint = await insertComplaint(receivedAt);
    const at = async (iso: string) => {
      const reply = await listInboxMessages(app.db, { page: 1, topic: 'complaint' }, new Date(iso));
      const clocks = reply.messages.find((row) => row.id === complaint.id)?.complaint;
      return { clocks, overdue: reply.overdueComplaints };
    };

    expect(await at('2026-03-04T04:30:00Z')).toMatchObject({
      clocks: { acknowledgement: 'due', resolution: 'due' },
      overdue: 0,
    });
    expect(await at('2026-03-04T04:31:00Z')).toMatchObject({
      clocks: { acknowledgement: 'overdue', resolution: 'due' },
      overdue: 1,
    });

    await insertReply(complaint.id, new Date('2026-03-04T06:00:00Z'));
    await app.db
      .update(contactMessages)
      .set({ status: 'replied' })
      .where(eq(contactMessages.id, complaint.id));
    // Resolve by 2 April (IST): the whole day counts.
    expect(await at('2026-04-02T18:29:00Z')).toMatchObject({
      clocks: { acknowledgement: 'met_late', resolution: 'due', resolveBy: '2026-04-02' },
      overdue: 0,
    });
    expect(await at('2026-04-02T18:30:00Z')).toMatchObject({
      clocks: { resolution: 'overdue' },
      overdue: 1,
    });

    await app.db
      .update(contactMessages)
      .set({ status: 'closed', statusChangedAt: new Date('2026-04-01T10:00:00Z') })
      .where(eq(contactMessages.id, complaint.id));
    expect(await at('2026-05-01T00:00:00Z')).toMatchObject({
      clocks: { acknowledgement: 'met_late', resolution: 'met' },
      overdue: 0,
    });
  });
});

describe('who may use the inbox', () => {
  it("refuses a shopper's session and no session on every route", async () => {
    const message = await insertMessage();
    const { headers } = await createShopper(app);
    const routes = [
      { method: 'GET' as const, url: '/api/admin/messages' },
      { method: 'GET' as const, url: `/api/admin/messages/${message.id}` },
      { method: 'POST' as const, url: `/api/admin/messages/${message.id}/reply`, payload: { body: 'Hi' } },
      {
        method: 'POST' as const,
        url: `/api/admin/messages/${message.id}/status`,
        payload: { status: 'closed' },
      },
    ];
    for (const route of routes) {
      const asShopper = await app.inject({ ...route, headers: { ...headers, 'idempotency-key': newKey() } });
      expect(asShopper.statusCode, `${route.method} ${route.url}`).toBeOneOf([401, 403]);
      const anonymous = await app.inject({ ...route, headers: { 'idempotency-key': newKey() } });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBeOneOf([401, 403]);
    }
    expect((await detail(message.id)).message.status).toBe('new');
    const counted = (await app.db.execute(
      sql`select count(*)::int as count from contact_replies where message_id = ${message.id}`,
    )) as unknown as { rows: { count: number }[] };
    expect(counted.rows[0]?.count).toBe(0);
  });
});
