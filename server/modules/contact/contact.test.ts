import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

let app: TestApp;
beforeAll(async () => {
  // A generous limit here; the limit itself has its own app below.
  app = await buildTestApp({ contactRateLimit: { max: 1000, windowMs: 60_000 } });
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
