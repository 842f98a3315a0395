import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { type JobPayloads, jobQueues } from '../../plugins/jobs';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { readOutbox } from '../../test/dev-outbox';
import { forwardContactMessage } from './service';

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
