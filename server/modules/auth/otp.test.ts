import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes } from '../../db/schema';
import { expectNoSecrets, sendCode, uniqueContact } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { latestOtp } from '../../test/dev-outbox';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000 });
});
afterAll(() => app.closeAndDrop());

const post = (url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/auth/${url}`, payload });

describe('POST /api/auth/send-otp', () => {
  it('sends a 6-digit code by e-mail and never returns it', async () => {
    const { email } = uniqueContact();
    const response = await post('send-otp', { email: email.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'success',
      message: 'OTP sent to your email! Please check your inbox and spam folder.',
    });
    const code = await latestOtp(app, email);
    expect(code).toMatch(/^\d{6}$/);
    expectNoSecrets(response.body, code);
    const [row] = await app.db.select().from(otpCodes).where(eq(otpCodes.address, email));
    expect(row?.codeHash).not.toContain(code);
  });

  it('sends a code by SMS to +91 or 10-digit mobiles', async () => {
    const { mobile } = uniqueContact();
    const response = await post('send-otp', { mobile: `+91${mobile}` });
    expect(response.json()).toEqual({ status: 'success', message: 'OTP sent to your phone!' });
    const outbox = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${mobile}` });
    const [message] = outbox.json<{ messages: { channel: string; to: string; body: string }[] }>().messages;
    expect(message).toMatchObject({ channel: 'sms', to: mobile });
  });

  it.each([
    [{ email: 'asha.example.in' }, 'Please enter a valid email address'],
    [{ mobile: '' }, 'Phone number is required'],
    [{}, 'Phone number is required'],
    [{ mobile: '12345' }, 'Invalid phone number format. Please use +91 98765 43211 or a 10-digit number'],
    [
      { mobile: '+1 9876543211' },
      'Invalid phone number format. Please use +91 98765 43211 or a 10-digit number',
    ],
  ])('refuses %j with the spec message', async (payload, message) => {
    const response = await post('send-otp', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
  });

  it('allows 3 sends per address per 15 minutes', async () => {
    const { email } = uniqueContact();
    for (let i = 0; i < 3; i += 1) expect((await post('send-otp', { email })).statusCode).toBe(200);
    const fourth = await post('send-otp', { email });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      message: 'Too many OTP requests. Please wait 15 minutes and try again.',
    });
  });

  it('limits sends per IP across addresses', async () => {
    const limited = await buildTestApp({ authRateLimitMax: 2 });
    try {
      const send = () =>
        limited.inject({
          method: 'POST',
          url: '/api/auth/send-otp',
          payload: { email: uniqueContact().email },
        });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(429);
    } finally {
      await limited.closeAndDrop();
    }
  });
});

describe('POST /api/auth/verify-otp', () => {
  it('accepts the right code once and gives a ticket', async () => {
    const { email } = uniqueContact();
    const otp = await sendCode(app, { email });
    const first = await post('verify-otp', { email, otp });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'success', message: 'OTP verified successfully!' });
    expect(first.json<{ verificationToken: string }>().verificationToken.length).toBeGreaterThan(30);
    const again = await post('verify-otp', { email, otp });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'OTP verification failed' });
  });

  it('refuses a wrong code with a clear message', async () => {
    const { email } = uniqueContact();
    const otp = await sendCode(app, { email });
    const wrong = otp === '000000' ? '111111' : '000000';
    const response = await post('verify-otp', { email, otp: wrong });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The OTP is incorrect. Please check it and try again.' });
  });

  it('allows 5 tries per code, then refuses even the right one', async () => {
    const { mobile } = uniqueContact();
    const otp = await sendCode(app, { mobile });
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1)
      expect((await post('verify-otp', { mobile, otp: wrong })).statusCode).toBe(400);
    const right = await post('verify-otp', { mobile, otp });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ message: 'Too many wrong attempts. Please request a new OTP.' });
  });

  it('holds the 5-try limit against parallel guesses', async () => {
    const { email } = uniqueContact();
    const otp = await sendCode(app, { email });
    const wrong = otp === '000000' ? '111111' : '000000';
    await Promise.all(Array.from({ length: 12 }, () => post('verify-otp', { email, otp: wrong })));
    const [row] = await app.db.select().from(otpCodes).where(eq(otpCodes.address, email));
    expect(row?.attempts).toBe(5);
    expect((await post('verify-otp', { email, otp })).statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    const { email } = uniqueContact();
    const otp = await sendCode(app, { email });
    await app.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(otpCodes.channel, 'email'), eq(otpCodes.address, email)));
    const response = await post('verify-otp', { email, otp });
    expect(response.json()).toEqual({ message: 'This OTP has expired. Please request a new one.' });
  });

  it('lets only the newest code work', async () => {
    const { email } = uniqueContact();
    const first = await sendCode(app, { email });
    const second = await sendCode(app, { email });
    if (first !== second) expect((await post('verify-otp', { email, otp: first })).statusCode).toBe(400);
    expect((await post('verify-otp', { email, otp: second })).statusCode).toBe(200);
  });

  it.each(['12345', 'abcdef', ''])('refuses a malformed code %j', async (otp) => {
    const response = await post('verify-otp', { email: uniqueContact().email, otp });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Please enter the 6-digit OTP.' });
  });
});
