import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { bearer } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { latestOtp } from '../../test/dev-outbox';
import { createShopper, TEST_PASSWORD, uniqueContact } from '../../test/shopper-factory';
import { testBotChallenge } from '../../test/test-config';

// docs/product.md#one-step-sign-in: a mobile number and an OTP sign in, or create the account with a first name.

const SMS_PREFIX_LIMIT = 3;

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({
    authRateLimitMax: 100_000,
    otpSms: { hourlyBudget: 1000, prefixHourlyLimit: SMS_PREFIX_LIMIT },
    botChallenge: {
      ...testBotChallenge,
      hmacKey: 'a-test-key-of-at-least-thirty-two-characters',
      afterRequests: { address: 8, ip: 100_000 },
    },
  });
});
afterAll(() => app.closeAndDrop());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/api/auth/${url}`, payload, headers });

let prefix = 6000;
/** A number in a prefix of its own, so the per-prefix SMS limit of one test never stops another. */
function freshNumber() {
  prefix += 1;
  return `${prefix}${uniqueContact().mobile.slice(-6)}`;
}

async function codeFor(mobile: string) {
  const sent = await post('send-otp', { mobile });
  expect(sent.statusCode, sent.body).toBe(200);
  return latestOtp(app, mobile);
}

async function ticketFor(mobile: string) {
  const response = await post('phone/verify', { mobile, otp: await codeFor(mobile) });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ newAccount?: boolean; verificationToken: string }>();
  expect(body.newAccount).toBe(true);
  return body.verificationToken;
}

const accountsOf = (mobile: string) => app.db.select().from(users).where(eq(users.phone, mobile));

describe('POST /api/auth/phone/verify and /phone/signup', () => {
  it('creates the account of a new number with only a first name, without a password, and signs it in', async () => {
    const mobile = freshNumber();
    const otp = await codeFor(mobile);
    const verified = await post('phone/verify', {
      mobile: `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`,
      otp,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({
      status: 'success',
      newAccount: true,
      message: 'Your number is verified. Tell us your first name to create your account.',
    });
    expect(verified.json()).not.toHaveProperty('user');
    expect(await accountsOf(mobile)).toHaveLength(0);

    const { verificationToken } = verified.json<{ verificationToken: string }>();
    const created = await post('phone/signup', { verificationToken, firstName: '  Meera \n' });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json<{
      message: string;
      token: string;
      user: { firstName: string; phone: string };
    }>();
    expect(body.message).toBe('Welcome to Ottoman Mittens! Your account has been created.');
    expect(body.user).toMatchObject({ firstName: 'Meera', lastName: '', phone: mobile, email: null });
    const [row] = await accountsOf(mobile);
    expect(row?.passwordHash).toBeNull();
    expect(row?.phoneVerifiedAt).not.toBeNull();
    const profile = await app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(body.token),
    });
    expect(profile.statusCode).toBe(200);

    // The ticket made one account; it cannot make another.
    const again = await post('phone/signup', { verificationToken, firstName: 'Meera' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: 'Please verify OTP before signing up' });
  });

  it('asks for the first name, and refuses a last name with @', async () => {
    const verificationToken = await ticketFor(freshNumber());
    const nameless = await post('phone/signup', { verificationToken, firstName: '   ' });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json()).toMatchObject({ message: 'Please enter your first name' });
    const atSign = await post('phone/signup', { verificationToken, firstName: 'Meera', lastName: 'a@b' });
    expect(atSign.statusCode).toBe(400);
    expect(atSign.json()).toMatchObject({ message: 'Last name cannot contain @' });
    // Refused input leaves the ticket for the corrected try.
    const named = await post('phone/signup', { verificationToken, firstName: 'Meera', lastName: 'Rao' });
    expect(named.statusCode, named.body).toBe(201);
  });

  it('signs in the account of a number that has one, with the cookie for the browser app', async () => {
    const shopper = await createShopper(app, { email: null, phone: freshNumber() });
    const mobile = shopper.contact.mobile;
    const response = await post(
      'phone/verify',
      { mobile: `+91-${mobile}`, otp: await codeFor(mobile) },
      { 'x-requested-with': 'fetch' },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Login successful', user: { _id: shopper.user._id } });
    expect(response.json()).not.toHaveProperty('token');
    expect(String(response.headers['set-cookie'])).toMatch(/^mitten_session=/);
    expect(await accountsOf(mobile)).toHaveLength(1);
  });

  it('treats a number typed at an e-mail signup, never verified, as a new number: it opens nothing', async () => {
    const shopper = await createShopper(app, { phone: freshNumber() });
    const verificationToken = await ticketFor(shopper.contact.mobile);
    const created = await post('phone/signup', { verificationToken, firstName: 'Ravi' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<{ user: { _id: string } }>().user._id).not.toBe(shopper.user._id);
  });

  it('tells a blocked shopper why, once the code proved the number', async () => {
    const shopper = await createShopper(app, { email: null, phone: freshNumber() });
    await app.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, shopper.user._id));
    const mobile = shopper.contact.mobile;
    const response = await post('phone/verify', { mobile, otp: await codeFor(mobile) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      message: 'This account has been blocked. Please write to us through the contact page.',
    });
    // The sessions the block ended say why, so the app can tell the shopper (docs/product.md#customers).
    const profile = await app.inject({ method: 'GET', url: '/api/auth/profile', headers: shopper.headers });
    expect(profile.statusCode).toBe(401);
    expect(profile.json()).toMatchObject({
      message: 'This account has been blocked. Please write to us through the contact page.',
    });
  });

  it('keeps the OTP limits: a wrong code counts, five wrong ones spend it, and it works once', async () => {
    const mobile = freshNumber();
    const otp = await codeFor(mobile);
    const wrong = otp === '000000' ? '111111' : '000000';
    const first = await post('phone/verify', { mobile, otp: wrong });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ message: 'The OTP is incorrect. Please check it and try again.' });
    for (let i = 0; i < 4; i += 1) await post('phone/verify', { mobile, otp: wrong });
    const right = await post('phone/verify', { mobile, otp });
    expect(right.json()).toMatchObject({ message: 'Too many wrong attempts. Please request a new OTP.' });

    const mobile2 = freshNumber();
    const otp2 = await codeFor(mobile2);
    expect((await post('phone/verify', { mobile: mobile2, otp: otp2 })).statusCode).toBe(200);
    expect((await post('phone/verify', { mobile: mobile2, otp: otp2 })).statusCode).toBe(400);
  });

  it('keeps the prefix velocity of the SMS guard on the codes it needs', async () => {
    const base = freshNumber().slice(0, 5);
    const statuses = [];
    for (let i = 0; i <= SMS_PREFIX_LIMIT; i += 1) {
      statuses.push((await post('send-otp', { mobile: `${base}${String(70000 + i)}` })).statusCode);
    }
    expect(statuses).toEqual([...Array(SMS_PREFIX_LIMIT).fill(200), 429]);
  });

  it('asks for the bot check past the threshold on one number', async () => {
    const mobile = freshNumber();
    const statuses = [];
    for (let i = 0; i < 10; i += 1)
      statuses.push((await post('phone/verify', { mobile, otp: '123456' })).statusCode);
    expect(statuses).toContain(428);
    expect(statuses.slice(statuses.indexOf(428))).toEqual(
      statuses.slice(statuses.indexOf(428)).map(() => 428),
    );
  });

  it('refuses an e-mail: this way is for mobile numbers', async () => {
    const response = await post('phone/verify', { email: 'meera@example.in', otp: '123456' });
    expect(response.statusCode).toBe(400);
  });

  it('makes one account when the same new number is verified twice at once', async () => {
    const mobile = freshNumber();
    // The same code twice at once: it is spent once.
    const otp = await codeFor(mobile);
    const sameCode = await Promise.all([1, 2].map(() => post('phone/verify', { mobile, otp })));
    expect(sameCode.map((reply) => reply.statusCode).sort()).toEqual([200, 400]);
    const ticketA = sameCode
      .find((reply) => reply.statusCode === 200)
      ?.json<{ verificationToken: string }>().verificationToken;
    // A second code, verified on another device before either created the account.
    const ticketB = await ticketFor(mobile);
    const created = await Promise.all(
      [ticketA, ticketB].map((verificationToken) =>
        post('phone/signup', { verificationToken, firstName: 'Meera' }),
      ),
    );
    expect(created.map((reply) => reply.statusCode).sort()).toEqual([200, 201]);
    const [a, b] = created.map((reply) => reply.json<{ user: { _id: string } }>().user._id);
    expect(a).toBe(b);
    expect(await accountsOf(mobile)).toHaveLength(1);
  });

  it('gives an account made this way no password to log in with', async () => {
    const mobile = freshNumber();
    await post('phone/signup', { verificationToken: await ticketFor(mobile), firstName: 'Meera' });
    const byPassword = await post('login', { mobile, password: TEST_PASSWORD });
    expect(byPassword.json()).toMatchObject({ message: 'Invalid email/phone or password' });
  });
});

describe('POST /api/auth/password: the first password of an account without one', () => {
  async function phoneAccount() {
    const mobile = freshNumber();
    const created = await post('phone/signup', {
      verificationToken: await ticketFor(mobile),
      firstName: 'Meera',
    });
    const { token, user } = created.json<{ token: string; user: { _id: string; passwordSet: boolean } }>();
    expect(user.passwordSet).toBe(false);
    return { mobile, userId: user._id, headers: bearer(token) };
  }

  it('sets it within 15 minutes of signing in, without a current password; then it logs in', async () => {
    const { mobile, headers } = await phoneAccount();
    const tooShort = await post('password', { password: 'abc' }, headers);
    expect(tooShort.statusCode).toBe(400);
    const set = await post('password', { password: TEST_PASSWORD }, headers);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      message: 'Your password is set. You can now also log in with it.',
      user: { passwordSet: true },
    });
    expect((await post('login', { mobile, password: TEST_PASSWORD })).statusCode).toBe(200);
    // Set once: a password changes by the reset, which asks for an OTP.
    const again = await post('password', { password: 'another-silk-42' }, headers);
    expect(again.statusCode).toBe(409);
    expect((await post('login', { mobile, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('asks an older session to sign in again', async () => {
    const { userId, headers } = await phoneAccount();
    await app.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(sessions.userId, userId));
    const response = await post('password', { password: TEST_PASSWORD }, headers);
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toMatch(/^For your safety, please log in again/);
  });

  it('refuses a visitor', async () => {
    expect((await post('password', { password: TEST_PASSWORD })).statusCode).toBe(401);
  });
});
