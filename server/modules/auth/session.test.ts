import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { bearer, expectNoSecrets } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createShopper } from '../../test/shopper-factory';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000 });
});
afterAll(() => app.closeAndDrop());

const unauthorized = { message: 'Unauthorized. Please login again.' };

describe('sessions', () => {
  it.each([
    ['no token', {}],
    ['a made-up token', bearer('made-up-token')],
    ['a malformed header', { authorization: 'Token abc' }],
  ])('refuses the profile with %s: 401 with the spec message', async (_case, headers) => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/profile', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthorized);
  });

  it('revokes the session at logout', async () => {
    const { token } = await createShopper(app);
    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(logout.json()).toEqual({ status: 'success', message: 'Logged out' });
    const after = await app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(unauthorized);
  });

  it('refuses an expired session', async () => {
    const { token } = await createShopper(app);
    await app.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });
    expect(response.statusCode).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const { token } = await createShopper(app);
    const rows = await app.db.select().from(sessions);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
  });
});

describe('the session cookie', () => {
  async function cookieSession() {
    const { contact, password } = await createShopper(app);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-requested-with': 'fetch' },
      payload: { email: contact.email, password },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
    return { cookie };
  }

  it('authenticates reads', async () => {
    const { cookie } = await cookieSession();
    const response = await app.inject({ method: 'GET', url: '/api/auth/profile', headers: { cookie } });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a change without the app header or from another origin', async () => {
    const { cookie } = await cookieSession();
    const put = (headers: Record<string, string>) =>
      app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers: { cookie, ...headers },
        payload: { city: 'Pune' },
      });
    expect((await put({})).statusCode).toBe(403);
    expect(
      (await put({ 'x-requested-with': 'fetch', origin: 'https://evil.example', host: 'shop.example' }))
        .statusCode,
    ).toBe(403);
    // Sandboxed frames and some privacy settings send the opaque origin "null": refused, not a 500.
    for (const origin of ['null', 'not a url']) {
      expect((await put({ 'x-requested-with': 'fetch', origin, host: 'shop.example' })).statusCode).toBe(403);
    }
    const ok = await put({
      'x-requested-with': 'fetch',
      origin: 'http://shop.example',
      host: 'shop.example',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ city: 'Pune' });
  });

  it('is cleared at logout', async () => {
    const { cookie } = await cookieSession();
    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'x-requested-with': 'fetch' },
    });
    expect(String(logout.headers['set-cookie'])).toMatch(/mitten_session=;/);
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/profile', headers: { cookie } })).statusCode,
    ).toBe(401);
  });
});

describe('the profile', () => {
  it('is the owner’s own, flat and under user', async () => {
    const asha = await createShopper(app, { firstName: 'Asha' });
    const ravi = await createShopper(app, { firstName: 'Ravi' });
    const response = await app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(ravi.token),
    });
    const body = response.json<{ firstName: string; email: string; user: { _id: string } }>();
    expect(body.firstName).toBe('Ravi');
    expect(body.user._id).toBe(ravi.user._id);
    expect(body.user._id).not.toBe(asha.user._id);
    expectNoSecrets(response.body);
  });

  it('takes a partial update and leaves other owners alone', async () => {
    const asha = await createShopper(app);
    const ravi = await createShopper(app);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(asha.token),
      payload: { city: 'Mysuru', pincode: '570001', phone: `+91 ${asha.contact.mobile}` },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      city: 'Mysuru',
      pincode: '570001',
      phone: asha.contact.mobile,
      firstName: 'Asha',
    });
    const refreshed = await app.inject({
      method: 'GET',
      url: '/api/auth/profile/refresh',
      headers: bearer(asha.token),
    });
    expect(refreshed.json()).toMatchObject({ city: 'Mysuru' });
    const other = await app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(ravi.token) });
    expect(other.json()).toMatchObject({ city: 'Bengaluru' });
  });

  it.each([
    [{ email: 'new@example.in' }, 400, 'Email cannot be changed.'],
    [{ isAdmin: true }, 400, undefined],
    [{ passwordHash: 'x' }, 400, undefined],
    [{ lastName: 'a@b' }, 400, 'Last name cannot contain @'],
    [{ phone: '123' }, 400, 'Phone number must be exactly 10 digits (e.g., 9876543211)'],
    [
      { phone: '1234567890' },
      400,
      'Please enter a valid Indian mobile number: 10 digits starting with 6, 7, 8 or 9.',
    ],
    [{ phone: '9123456780' }, 400, 'Please verify the new phone number with an OTP before saving it.'],
    [{ pincode: '123' }, 400, 'Pincode must be 6 digits and cannot start with 0'],
    [{ city: 42 }, 400, undefined],
  ])('refuses %j', async (payload, status, message) => {
    const { token } = await createShopper(app);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(token),
      payload,
    });
    expect(response.statusCode).toBe(status);
    if (message) expect(response.json()).toMatchObject({ message });
  });

  it('accepts the unchanged e-mail in an update', async () => {
    const { token, contact } = await createShopper(app);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(token),
      payload: { email: contact.email, firstName: 'Asha K' },
    });
    expect(response.statusCode).toBe(200);
  });
});
