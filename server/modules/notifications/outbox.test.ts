import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAndDrop());

describe('the dev outbox', () => {
  it('lists what was sent to an address, newest first, with the code', async () => {
    await app.notifier.email({ to: 'meera@example.in', subject: 'First', text: 'one', code: '111111' });
    await app.notifier.email({ to: 'meera@example.in', subject: 'Second', text: 'two' });
    await app.notifier.sms({ to: '9876501234', text: 'three', code: '333333' });
    const response = await app.inject({ method: 'GET', url: '/api/dev/outbox?to=MEERA@example.in' });
    const { messages } = response.json<{
      messages: { subject: string; code: string | null; channel: string }[];
    }>();
    expect(messages.map((m) => [m.subject, m.code, m.channel])).toEqual([
      ['Second', null, 'email'],
      ['First', '111111', 'email'],
    ]);
    const sms = await app.inject({ method: 'GET', url: '/api/dev/outbox?to=%2B919876501234' });
    expect(sms.json<{ messages: { body: string }[] }>().messages.map((m) => m.body)).toEqual(['three']);
  });

  it('has a page that escapes what it shows', async () => {
    await app.notifier.email({ to: 'x@example.in', subject: '<script>alert(1)</script>', text: 'hi' });
    const page = await app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Dev outbox');
    expect(page.body).not.toContain('<script>alert(1)</script>');
  });

  it('does not exist in production', async () => {
    // Real (never called) payment, payout and shipping accounts: production refuses to start on their simulators.
    const production = await buildTestApp({
      env: 'production',
      jobWorkers: false,
      razorpay: {
        keyId: 'rzp_live_outboxtest',
        keySecret: 'outbox-test-secret',
        webhookSecret: 'outbox-test-webhook',
        baseUrl: 'https://api.razorpay.com',
      },
      razorpayx: {
        keyId: 'rzp_live_outboxtest',
        keySecret: 'outbox-test-secret',
        webhookSecret: 'outbox-test-payouts',
        accountNumber: '7878780080316316',
        baseUrl: 'https://api.razorpay.com',
      },
      shiprocket: {
        email: 'api@example.in',
        password: 'secret',
        baseUrl: 'https://apiv2.shiprocket.in/v1/external',
      },
    });
    try {
      expect((await production.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
      expect((await production.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await production.closeAndDrop();
    }
  });
});
