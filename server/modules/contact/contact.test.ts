import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../contracts/messages';
import { contactMessages, shopSettings } from '../../db/schema';
import { type JobPayloads, jobQueues } from '../../job-queues';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { readOutbox } from '../../test/dev-outbox';
import { createShopper } from '../../test/shopper-factory';
import { forwardContactMessage, saveContactMessage } from './service';

let app: TestApp;
beforeAll(async () => {
  // A generous limit here; the limit itself has its own app below.
  app = await buildTestApp({ contactRateLimit: { max: 1000, windowMs: 60_000 }, jobWorkers: false });
});
afterAll(() => app.closeAndDrop());
afterEach(async () => {
  await app.db.delete(contactMessages);
});

const valid = { name: 'Asha Rao', email: 'asha@example.in', message: 'Do you ship to Kochi?' };

function postContact(payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

describe('POST /api/contact', () => {
  it('stores the message and replies with a success flag', async () => {
    const response = await postContact({ ...valid, name: '  Asha Rao  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, message: 'Message sent successfully!' });
    const rows = await app.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...valid, ipAddress: '127.0.0.1' });
  });

  it('e-mails the message to the shop and an acknowledgement to the sender, by queued jobs', async () => {
    const sender = {
      name: 'Meera Iyer',
      email: 'meera.contact@example.in',
      message: 'Do you ship to Kochi?\nThanks!',
    };
    expect((await postContact(sender)).statusCode).toBe(201);
    const [row] = await app.db.select().from(contactMessages);
    if (!row) throw new Error('the message was not stored');
    // Queued in the transaction that stored the message: the e-mails are the jobs' work.
    const result = (await app.db.execute(
      sql`select data from pgboss.job where name = ${jobQueues.forwardContactMessage} and data->>'messageId' = ${row.id} order by data->>'recipient'`,
    )) as unknown as { rows: { data: JobPayloads['contact.forward'] }[] };
    expect(result.rows.map((job) => job.data)).toEqual([
      { messageId: row.id, recipient: 'sender' },
      { messageId: row.id, recipient: 'shop' },
    ]);
    expect(await readOutbox(app, 'care@ottomanmittens.in')).toEqual([]);
    for (const job of result.rows) {
      await forwardContactMessage(app.db, app.notifier, app.config.careEmail, job.data);
    }

    const [toShop, ...moreToShop] = await readOutbox(app, 'care@ottomanmittens.in');
    expect(moreToShop).toEqual([]);
    expect(toShop).toMatchObject({
      channel: 'email',
      subject: 'Contact form: Meera Iyer',
      body: `From: Meera Iyer <meera.contact@example.in>\nSent: ${row.createdAt.toISOString()}\n\nDo you ship to Kochi?\nThanks!`,
    });
    const [toSender, ...moreToSender] = await readOutbox(app, 'meera.contact@example.in');
    expect(moreToSender).toEqual([]);
    expect(toSender).toMatchObject({
      channel: 'email',
      subject: 'We have your message',
      body: [
        'Hello Meera Iyer,',
        '',
        'Thank you for writing to Ottoman Mittens. We have your message and will reply within two working days.',
        '',
        'You wrote:',
        'Do you ship to Kochi?',
        'Thanks!',
      ].join('\n'),
    });
  });

  // docs/product.md#contact-messages: the settings are the one source of the shop's address; SHOP_CARE_EMAIL
  // only stands in until the owner gives customer care's e-mail.
  it("goes to customer care's e-mail in the settings once the owner has given one", async () => {
    await app.db.update(shopSettings).set({ careEmail: 'care@ottoman.test' });
    try {
      expect((await postContact({ ...valid, email: 'to.settings@example.in' })).statusCode).toBe(201);
      const [row] = await app.db.select().from(contactMessages);
      if (!row) throw new Error('the message was not stored');
      await forwardContactMessage(app.db, app.notifier, app.config.careEmail, {
        messageId: row.id,
        recipient: 'shop',
      });
    } finally {
      await app.db.update(shopSettings).set({ careEmail: '' });
    }
    const toCare = await readOutbox(app, 'care@ottoman.test');
    expect(toCare.map((sent) => sent.body)).toEqual([expect.stringContaining('<to.settings@example.in>')]);
    const toFallback = await readOutbox(app, app.config.careEmail);
    expect(toFallback.some((sent) => sent.body.includes('to.settings@example.in'))).toBe(false);
  });

  // docs/product.md#contact-inbox: a signed-in shopper's message is theirs, whatever e-mail they typed.
  it("links a signed-in shopper's message to their account; a visitor's to none", async () => {
    const shopper = await createShopper(app, { email: null });
    expect((await postContact({ ...valid, email: 'typed@example.in' }, shopper.headers)).statusCode).toBe(
      201,
    );
    expect((await postContact({ ...valid, email: 'visitor@example.in' })).statusCode).toBe(201);
    const rows = await app.db.select().from(contactMessages);
    expect(Object.fromEntries(rows.map((row) => [row.email, row.userId]))).toEqual({
      'typed@example.in': shopper.user._id,
      'visitor@example.in': null,
    });
  });

  it('keeps a name on one line: no line break reaches the care e-mail (docs/product.md#validation)', async () => {
    const injected = 'Meera\r\nBcc: everyone@example.in\n\tIyer\u2028X';
    expect((await postContact({ ...valid, name: injected })).statusCode).toBe(201);
    const [row] = await app.db.select().from(contactMessages);
    if (!row) throw new Error('the message was not stored');
    expect(row.name).toBe('Meera Bcc: everyone@example.in Iyer X');

    // A row stored before this rule is sent on one line as well.
    await app.db.update(contactMessages).set({ name: injected });
    await forwardContactMessage(app.db, app.notifier, app.config.careEmail, {
      messageId: row.id,
      recipient: 'shop',
    });
    const toShop = (await readOutbox(app, 'care@ottomanmittens.in')).find((sent) =>
      sent.body.includes('everyone@example.in'),
    );
    expect(toShop?.subject).toBe('Contact form: Meera Bcc: everyone@example.in Iyer X');
    expect(toShop?.body.split('\n')[0]).toBe('From: Meera Bcc: everyone@example.in Iyer X <asha@example.in>');
  });

  it('queues no e-mail for a refused message', async () => {
    const queued = async () => {
      const result = (await app.db.execute(
        sql`select count(*)::int as count from pgboss.job where name = ${jobQueues.forwardContactMessage}`,
      )) as unknown as { rows: { count: number }[] };
      return result.rows[0]?.count;
    };
    const before = await queued();
    expect((await postContact({ ...valid, message: ' ' })).statusCode).toBe(400);
    expect(await queued()).toBe(before);
  });

  it.each(['name', 'email', 'message'] as const)(
    'refuses a message without %s and stores nothing',
    async (field) => {
      const { [field]: _missing, ...rest } = valid;
      const response = await postContact(rest);
      expect(response.statusCode).toBe(400);
      const body = response.json<{ message: string; errors: { field: string }[] }>();
      expect(body.errors.map((error) => error.field)).toEqual([field]);
      expect(body.message.length).toBeGreaterThan(0);
      expect(await app.db.select().from(contactMessages)).toHaveLength(0);
    },
  );

  it.each([
    ['a blank name', { ...valid, name: '   ' }, 'Please enter your name'],
    ['a blank message', { ...valid, message: '\n\t ' }, 'Please enter a message'],
    [
      'an e-mail without an at-sign',
      { ...valid, email: 'asha.example.in' },
      'Please enter a valid email address',
    ],
  ])('refuses %s with a clear message', async (_case, payload, message) => {
    const response = await postContact(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
  });

  it.each([
    ['a number for name', { ...valid, name: 42 }],
    ['an array for message', { ...valid, message: ['hi'] }],
    ['an object for email', { ...valid, email: { $gt: '' } }],
    ['null', null],
    ['an array body', [valid]],
    ['a string body', 'hello'],
  ])('refuses %s with a 400', async (_case, payload) => {
    const response = await postContact(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('message');
  });

  it('refuses a 1 MB body with 413 before reading it', async () => {
    const response = await postContact({ ...valid, message: 'x'.repeat(1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request is too large.' });
  });

  it('refuses a message over 5000 characters with 400', async () => {
    const response = await postContact({ ...valid, message: 'x'.repeat(5001) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Message must be at most 5000 characters' });
  });

  it('refuses malformed JSON and other content types with a 4xx, never a 500', async () => {
    const broken = await postContact('{"name": "Asha",');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'The request body is not valid JSON.' });
    const form = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Asha',
    });
    expect(form.statusCode).toBe(415);
    const empty = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(400);
  });
});

/** Runs the message's two queued `contact.forward` jobs as the worker would. */
async function runForwardJobs(messageId: string) {
  const result = (await app.db.execute(
    sql`select data from pgboss.job where name = ${jobQueues.forwardContactMessage} and data->>'messageId' = ${messageId}`,
  )) as unknown as { rows: { data: JobPayloads['contact.forward'] }[] };
  for (const job of result.rows) {
    await forwardContactMessage(app.db, app.notifier, app.config.careEmail, job.data);
  }
}

// docs/product.md#complaints: a complaint gets its acknowledgement number at once, and its deadlines.
describe('a complaint through the contact form', () => {
  const complaint = { ...valid, message: 'My mitten arrived torn.', topic: 'complaint' };

  it('gets its number in the reply and is stored with it and its two deadlines', async () => {
    const response = await postContact(complaint);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{ success: true; message: string; complaintNumber: string }>();
    expect(body).toEqual({
      success: true,
      message: messages.messageSent,
      complaintNumber: expect.stringMatching(/^GRV-2026-\d{6}$/),
    });
    const [row] = await app.db.select().from(contactMessages);
    expect(row).toMatchObject({ topic: 'complaint', complaintNumber: body.complaintNumber });
    if (!row?.acknowledgeBy) throw new Error('the complaint has no deadline');
    expect(row.acknowledgeBy.getTime() - row.createdAt.getTime()).toBe(48 * 3_600_000);
  });

  it('tells the sender its number and deadlines, and the grievance officer which complaint it is', async () => {
    // 1:30 am on 1 February in India (31 January in UTC): the complaint counts in India's calendar.
    const receivedAt = new Date('2026-01-31T20:00:00Z');
    await app.db.update(shopSettings).set({
      grievanceOfficerName: 'Priya Raman',
      grievanceOfficerDesignation: 'Head of Customer Care',
      grievanceOfficerEmail: 'grievance@ottomanmittens.in',
      grievanceOfficerPhone: '+91 80 2345 6789',
    });
    try {
      const saved = await saveContactMessage(
        app.db,
        app.jobs,
        { name: 'Meera Iyer', email: 'meera.complaint@example.in', message: 'Torn.', topic: 'complaint' },
        { ipAddress: '127.0.0.1', userAgent: undefined },
        receivedAt,
      );
      await runForwardJobs(saved.id);
    } finally {
      await app.db.update(shopSettings).set({
        grievanceOfficerName: '',
        grievanceOfficerDesignation: '',
        grievanceOfficerEmail: '',
        grievanceOfficerPhone: '',
      });
    }
    const [row] = await app.db.select().from(contactMessages);
    const number = row?.complaintNumber ?? '';
    expect(number).toMatch(/^GRV-2026-\d{6}$/);
    expect(row?.resolveBy).toBe('2026-03-01');

    const [toSender] = await readOutbox(app, 'meera.complaint@example.in');
    expect(toSender).toMatchObject({
      subject: `Your complaint ${number}`,
      body: [
        'Hello Meera Iyer,',
        '',
        `Thank you for writing to Ottoman Mittens. We have your complaint; its number is ${number}. We will acknowledge it by 3 Feb 2026, 1:30 am IST and resolve it by 1 Mar 2026. Please quote the number when you write to us about it.`,
        '',
        'Our grievance officer is Priya Raman, Head of Customer Care (grievance@ottomanmittens.in, +91 80 2345 6789).',
        '',
        'You wrote:',
        'Torn.',
      ].join('\n'),
    });
    // docs/product.md#contact-messages: a complaint goes to the grievance officer the settings name.
    const toShop = (await readOutbox(app, 'grievance@ottomanmittens.in')).find((sent) =>
      sent.subject.includes(number),
    );
    expect(toShop?.subject).toBe(`Complaint ${number}: Meera Iyer`);
    expect(toShop?.body).toContain(
      `Complaint: ${number}\nAcknowledge by: 3 Feb 2026, 1:30 am IST\nResolve by: 1 Mar 2026\n`,
    );
  });

  it('gives complaints sent at once different numbers, one after the other', async () => {
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        postContact({ ...complaint, email: `at.once${index}@example.in` }),
      ),
    );
    const numbers = replies.map((reply) => reply.json<{ complaintNumber: string }>().complaintNumber);
    expect(new Set(numbers).size).toBe(6);
    const sequence = numbers.map((number) => Number(number.slice(-6))).sort((a, b) => a - b);
    expect(sequence).toEqual(sequence.map((_, index) => (sequence[0] ?? 0) + index));
    const rows = await app.db.select().from(contactMessages).where(eq(contactMessages.topic, 'complaint'));
    expect(rows.map((row) => row.complaintNumber).sort()).toEqual([...numbers].sort());
  });

  it('reads a body without a topic (the original client’s) as a message with no number', async () => {
    const response = await postContact(valid);
    expect(response.json()).toEqual({ success: true, message: messages.messageSent });
    const [row] = await app.db.select().from(contactMessages);
    expect(row).toMatchObject({
      topic: 'message',
      complaintNumber: null,
      acknowledgeBy: null,
      resolveBy: null,
    });
  });

  it('refuses a topic it does not know, naming the field', async () => {
    const response = await postContact({ ...valid, topic: 'rant' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Please choose what your message is about.',
      errors: [{ field: 'topic', message: 'Please choose what your message is about.' }],
    });
    expect(await app.db.select().from(contactMessages)).toHaveLength(0);
  });
});

describe('contact rate limit', () => {
  it('refuses the messages past the limit per IP with 429 and a clear message', async () => {
    const limited = await buildTestApp({ contactRateLimit: { max: 2, windowMs: 60_000 } });
    try {
      const send = (ip: string) =>
        limited.inject({ method: 'POST', url: '/api/contact', remoteAddress: ip, payload: valid });
      expect((await send('10.0.0.1')).statusCode).toBe(201);
      expect((await send('10.0.0.1')).statusCode).toBe(201);
      const third = await send('10.0.0.1');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({
        message: 'Too many requests. Please wait a few minutes and try again.',
      });
      expect((await send('10.0.0.2')).statusCode).toBe(201);
      expect(await limited.db.select().from(contactMessages)).toHaveLength(3);
    } finally {
      await limited.closeAndDrop();
    }
  });
});
