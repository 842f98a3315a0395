import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, verificationTickets } from '../../db/schema';
import { expectNoSecrets, signupDetails, uniqueContact, verifiedTicket } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000 });
});
afterAll(() => app.closeAndDrop());

const signup = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/signup', payload: payload as object, headers });

async function emailSignupPayload(overrides: Record<string, string> = {}) {
  const contact = uniqueContact();
  const verificationToken = await verifiedTicket(app, { email: contact.email });
  return {
    ...signupDetails(),
    email: contact.email,
    mobile: contact.mobile,
    verificationToken,
    ...overrides,
  };
}

describe('POST /api/auth/signup: the OTP ticket', () => {
  it.each([
    ['no ticket', undefined],
    ['a made-up ticket', 'not-a-ticket'],
  ])('refuses %s', async (_case, verificationToken) => {
    const contact = uniqueContact();
    const response = await signup({ ...signupDetails(), ...contact, verificationToken });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Please verify OTP before signing up' });
  });

  it('refuses a ticket issued for another address', async () => {
    const payload = await emailSignupPayload();
    const response = await signup({ ...payload, email: uniqueContact().email });
    expect(response.json()).toEqual({ message: 'Please verify OTP before signing up' });
  });

  it('refuses a spent ticket', async () => {
    const payload = await emailSignupPayload();
    expect((await signup(payload)).statusCode).toBe(201);
    const again = await signup({ ...payload, mobile: uniqueContact().mobile });
    expect(again.json()).toEqual({ message: 'Please verify OTP before signing up' });
  });

  it('refuses an expired ticket', async () => {
    const payload = await emailSignupPayload();
    await app.db.update(verificationTickets).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await signup(payload)).json()).toEqual({ message: 'Please verify OTP before signing up' });
  });

  it('creates exactly one account when the same ticket is posted twice at once', async () => {
    const payload = await emailSignupPayload();
    const replies = await Promise.all([signup(payload), signup(payload)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(await app.db.select().from(users).where(eq(users.email, payload.email))).toHaveLength(1);
  });
});

describe('POST /api/auth/signup: the docs/product.md#signup-rules rules', () => {
  it('names every missing field (e-mail method)', async () => {
    const { verificationToken } = await emailSignupPayload();
    const response = await signup({ verificationToken, email: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message:
        'Please fill in all required fields: firstName, lastName, password, houseName, streetArea, city, state, country, pincode, email, mobile',
    });
  });

  it('names the phone for the phone method', async () => {
    const { mobile } = uniqueContact();
    const verificationToken = await verifiedTicket(app, { mobile });
    const response = await signup({ ...signupDetails({ city: ' ' }), verificationToken });
    expect(response.json()).toEqual({ message: 'Please fill in all required fields: city, phone' });
  });

  it.each([
    [{ password: 'abc12' }, 'Password must be at least 6 characters long'],
    [{ pincode: '56001' }, 'Pincode must be 6 digits and cannot start with 0'],
    [{ pincode: '5600AB' }, 'Pincode must be 6 digits and cannot start with 0'],
    [{ pincode: '1234567' }, 'Pincode must be 6 digits and cannot start with 0'],
    [{ pincode: '000000' }, 'Pincode must be 6 digits and cannot start with 0'],
    [{ pincode: '012345' }, 'Pincode must be 6 digits and cannot start with 0'],
    [{ pincode: '999999' }, "We could not find pincode 999999 in India Post's directory. Please check it."],
    [{ state: 'Bavaria' }, 'Please choose your state or union territory.'],
    [{ mobile: '+91 98450-12345' }, undefined],
    [{ mobile: '12345' }, 'Phone number must be exactly 10 digits (e.g., 9876543211)'],
    [{ lastName: 'rao@home' }, 'Last name cannot contain @'],
    [{ password: 'password1' }, 'This password is too common. Please choose a less guessable one.'],
  ])('refuses %j with its message', async (overrides, message) => {
    const response = await signup(await emailSignupPayload(overrides));
    if (message === undefined) {
      // docs/product.md#phone-and-email: every written form of a mobile is accepted.
      expect(response.statusCode, response.body).toBe(201);
      return;
    }
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('refuses wrong types with a 400, never a 500', async () => {
    const response = await signup({ ...(await emailSignupPayload()), firstName: 42, pincode: ['560001'] });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/auth/signup: accounts', () => {
  it('creates the account, hashes the password with argon2id and signs in', async () => {
    const payload = await emailSignupPayload();
    const contact = { email: payload.email };
    const response = await signup({
      ...payload,
      email: contact.email.toUpperCase(),
      mobile: `+91 ${payload.mobile}`,
    });
    expect(response.statusCode).toBe(201);
    expectNoSecrets(response.body);
    const body = response.json<{ status: string; user: Record<string, unknown>; token: string }>();
    expect(body.status).toBe('success');
    expect(body.token.length).toBeGreaterThan(30);
    expect(body.user).toMatchObject({
      email: contact.email,
      phone: payload.mobile,
      firstName: 'Asha',
      name: 'Asha Rao',
      city: 'Bengaluru',
      pincode: '560001',
    });
    expect(body.user).not.toHaveProperty('password');
    const [row] = await app.db.select().from(users).where(eq(users.email, contact.email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const profile = await app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(profile.statusCode).toBe(200);
  });

  it('gives a phone signup no e-mail, in the reply, the profile and the row', async () => {
    const { mobile } = uniqueContact();
    const verificationToken = await verifiedTicket(app, { mobile: `+91${mobile}` });
    const response = await signup({ ...signupDetails(), phone: mobile, verificationToken });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ token: string; user: { _id: string } }>();
    expect(body).toMatchObject({ user: { email: null, phone: mobile, mobile } });
    const profile = await app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(profile.json()).toMatchObject({ email: null, user: { email: null, phone: mobile } });
    const [row] = await app.db.select().from(users).where(eq(users.id, body.user._id));
    expect(row?.email).toBeNull();
    expect(row?.phoneVerifiedAt).not.toBeNull();
  });

  it('lets two phone signups live side by side without e-mails', async () => {
    for (const { mobile } of [uniqueContact(), uniqueContact()]) {
      const verificationToken = await verifiedTicket(app, { mobile });
      const response = await signup({ ...signupDetails(), phone: mobile, verificationToken });
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it('refuses a second account for the same verified mobile', async () => {
    const { mobile } = uniqueContact();
    const first = await signup({
      ...signupDetails(),
      phone: mobile,
      verificationToken: await verifiedTicket(app, { mobile }),
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await signup({
      ...signupDetails(),
      phone: mobile,
      verificationToken: await verifiedTicket(app, { mobile }),
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      message: 'An account with this email or phone already exists. Please log in.',
    });
  });

  it('gives the browser app a session cookie instead of the token', async () => {
    const response = await signup(await emailSignupPayload(), { 'x-requested-with': 'fetch' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).not.toHaveProperty('token');
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^mitten_session=[\w-]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
  });
});
