import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { otpCodes, sessions, users } from '../../db/schema';
import { bearer, expectNoSecrets } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { latestOtp, readOutbox } from '../../test/dev-outbox';
import { createSessionToken, createShopper, uniqueContact } from '../../test/shopper-factory';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000 });
});
afterAll(() => app.closeAndDrop());

type Contact = { email: string } | { mobile: string };

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/api/auth/${url}`, payload, headers });

async function sendLoginCode(contact: Contact, purpose: 'login' | 'reset' = 'login') {
  const response = await post('send-otp', { ...contact, purpose });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe('POST /api/auth/login/code', () => {
  it('logs in by e-mail with a code sent for login, as password login answers', async () => {
    const shopper = await createShopper(app);
    await sendLoginCode({ email: shopper.contact.email.toUpperCase() });
    const otp = await latestOtp(app, shopper.contact.email);
    const response = await post('login/code', { email: shopper.contact.email, otp });
    expect(response.statusCode, response.body).toBe(200);
    expectNoSecrets(response.body, otp);
    const body = response.json<{ status: string; message: string; token: string; user: { _id: string } }>();
    expect(body).toMatchObject({ status: 'success', message: 'Login successful' });
    expect(body.user._id).toBe(shopper.user._id);
    const profile = await app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(body.token),
    });
    expect(profile.statusCode).toBe(200);
  });

  it('logs in by a verified phone, and the browser app gets the cookie instead of the token', async () => {
    const shopper = await createShopper(app, { email: null });
    await sendLoginCode({ mobile: `+91${shopper.contact.mobile}` });
    const otp = await latestOtp(app, shopper.contact.mobile);
    const response = await post(
      'login/code',
      { mobile: shopper.contact.mobile, otp },
      { 'x-requested-with': 'fetch' },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).not.toHaveProperty('token');
    expect(String(response.headers['set-cookie'])).toMatch(/^mitten_session=/);
  });

  it('answers an unknown contact exactly as a real send, and sends nothing', async () => {
    const known = await createShopper(app);
    const unknown = uniqueContact();
    for (const purpose of ['login', 'reset'] as const) {
      const real = await sendLoginCode({ email: known.contact.email }, purpose);
      const fake = await sendLoginCode({ email: unknown.email }, purpose);
      expect(fake.statusCode).toBe(real.statusCode);
      expect(fake.json()).toEqual(real.json());
      const realSms = await sendLoginCode({ mobile: known.contact.mobile }, purpose);
      const fakeSms = await sendLoginCode({ mobile: unknown.mobile }, purpose);
      expect(fakeSms.json()).toEqual(realSms.json());
    }
    expect(await readOutbox(app, unknown.email)).toEqual([]);
    expect(await readOutbox(app, unknown.mobile)).toEqual([]);
    // An e-mail shopper's unverified mobile names no account either.
    expect(await readOutbox(app, known.contact.mobile)).toEqual([]);
    const recorded = await app.db
      .select({ delivered: otpCodes.delivered })
      .from(otpCodes)
      .where(and(eq(otpCodes.channel, 'email'), eq(otpCodes.address, unknown.email)));
    expect(recorded).toEqual([{ delivered: false }, { delivered: false }]);

    // The per-address limit counts them the same: the fourth send is refused for both.
    const real = await sendLoginCode({ email: known.contact.email });
    await sendLoginCode({ email: unknown.email });
    expect(real.statusCode).toBe(200);
    const realFourth = await post('send-otp', { email: known.contact.email, purpose: 'login' });
    const fakeFourth = await post('send-otp', { email: unknown.email, purpose: 'login' });
    expect(realFourth.statusCode).toBe(429);
    expect(fakeFourth.statusCode).toBe(429);
    expect(fakeFourth.json()).toEqual(realFourth.json());
  });

  it('answers a login code alike when the mail gateway fails, where a signup code gets the 503', async () => {
    const known = await createShopper(app);
    const failing = vi.spyOn(app.notifier, 'email').mockRejectedValue(new Error('SMTP down'));
    try {
      const real = await post('send-otp', { email: known.contact.email, purpose: 'login' });
      const fake = await post('send-otp', { email: uniqueContact().email, purpose: 'login' });
      expect(real.statusCode).toBe(200);
      expect(real.json()).toEqual(fake.json());
      const signup = await post('send-otp', { email: uniqueContact().email });
      expect(signup.statusCode).toBe(503);
      expect(failing).toHaveBeenCalledTimes(2);
    } finally {
      failing.mockRestore();
    }
  });

  it('refuses a wrong code, and a code for an address with no account, with the OTP message', async () => {
    const shopper = await createShopper(app);
    await sendLoginCode({ email: shopper.contact.email });
    const otp = await latestOtp(app, shopper.contact.email);
    const wrong = await post('login/code', {
      email: shopper.contact.email,
      otp: otp === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'The OTP is incorrect. Please check it and try again.' });

    const nobody = uniqueContact();
    await sendLoginCode({ email: nobody.email });
    const guess = await post('login/code', { email: nobody.email, otp: '123456' });
    expect(guess.statusCode).toBe(400);
    expect(guess.json()).toEqual({ message: 'The OTP is incorrect. Please check it and try again.' });

    const malformed = await post('login/code', { email: shopper.contact.email, otp: '12' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: 'Please enter the 6-digit OTP.' });
  });

  it('refuses an unknown purpose', async () => {
    const response = await post('send-otp', { email: uniqueContact().email, purpose: 'everything' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'purpose must be signup, login or reset' });
  });
});

describe('POST /api/auth/password/reset', () => {
  it('sets the new password, signs every other device out and this one in', async () => {
    const shopper = await createShopper(app);
    const otherDevice = await createSessionToken(app, shopper.user._id);
    await sendLoginCode({ email: shopper.contact.email }, 'reset');
    const otp = await latestOtp(app, shopper.contact.email);
    const response = await post('password/reset', {
      email: shopper.contact.email,
      otp,
      password: 'new-silk-mitten-77',
    });
    expect(response.statusCode, response.body).toBe(200);
    expectNoSecrets(response.body, otp);
    const body = response.json<{ message: string; token: string }>();
    expect(body.message).toBe(
      'Your password has been changed. You have been signed out on every other device.',
    );
    for (const token of [shopper.token, otherDevice]) {
      const old = await app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });
      expect(old.statusCode).toBe(401);
    }
    const now = await app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(body.token) });
    expect(now.statusCode).toBe(200);

    const oldPassword = await post('login', { email: shopper.contact.email, password: shopper.password });
    expect(oldPassword.statusCode).toBe(400);
    const newPassword = await post('login', { email: shopper.contact.email, password: 'new-silk-mitten-77' });
    expect(newPassword.statusCode).toBe(200);
  });

  it('refuses a common or short password and keeps the code for another try', async () => {
    const shopper = await createShopper(app, { email: null });
    await sendLoginCode({ mobile: shopper.contact.mobile }, 'reset');
    const otp = await latestOtp(app, shopper.contact.mobile);
    const common = await post('password/reset', {
      mobile: shopper.contact.mobile,
      otp,
      password: 'password1',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      message: 'This password is too common. Please choose a less guessable one.',
    });
    const short = await post('password/reset', { mobile: shopper.contact.mobile, otp, password: 'silk' });
    expect(short.json()).toMatchObject({ message: 'Password must be at least 6 characters long' });
    // Nobody was signed out by a refused reset.
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/profile', headers: shopper.headers })).statusCode,
    ).toBe(200);
    const ok = await post('password/reset', {
      mobile: shopper.contact.mobile,
      otp,
      password: 'tussar-silk-2026',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const live = await app.db.select().from(sessions).where(eq(sessions.userId, shopper.user._id));
    expect(live.filter((row) => row.revokedAt === null)).toHaveLength(1);
  });

  it('lets an account without a password (made by Google) set one', async () => {
    const shopper = await createShopper(app);
    await app.db.update(users).set({ passwordHash: null }).where(eq(users.id, shopper.user._id));
    await sendLoginCode({ email: shopper.contact.email }, 'reset');
    const otp = await latestOtp(app, shopper.contact.email);
    const reset = await post('password/reset', {
      email: shopper.contact.email,
      otp,
      password: 'muslin-mitt-88',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const login = await post('login', { email: shopper.contact.email, password: 'muslin-mitt-88' });
    expect(login.statusCode).toBe(200);
  });
});
