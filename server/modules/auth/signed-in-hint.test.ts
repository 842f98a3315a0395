import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '../../../contracts/session-hint';
import { sessions, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createShopper } from '../../test/shopper-factory';

// docs/architecture.md#signed-in-hint
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000 });
});
afterAll(() => app.closeAndDrop());

function setCookies(headers: Record<string, unknown>): string[] {
  const value = headers['set-cookie'];
  if (value === undefined) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

function hintCookieOf(headers: Record<string, unknown>): string | undefined {
  return setCookies(headers).find((cookie) => cookie.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}

async function signInWithCookie() {
  const { contact, password, user } = await createShopper(app);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-requested-with': 'fetch' },
    payload: { email: contact.email, password },
  });
  expect(login.statusCode, login.body).toBe(200);
  const session = setCookies(login.headers).find((cookie) => cookie.startsWith('mitten_session='));
  const cookie = `${session?.split(';')[0]}; ${SIGNED_IN_HINT_COOKIE}=1`;
  return { login, cookie, userId: user._id };
}

describe('the signed-in hint cookie', () => {
  it('is set beside the session cookie at sign-in: readable by the page, same path and life', async () => {
    const { login } = await signInWithCookie();
    const hint = hintCookieOf(login.headers);
    expect(hint).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=1;`));
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/Path=\//);
    expect(hint).toMatch(/SameSite=Lax/i);
    const session = setCookies(login.headers).find((cookie) => cookie.startsWith('mitten_session='));
    expect(session).toMatch(/HttpOnly/i);
    expect(hint?.match(/Max-Age=(\d+)/i)?.[1]).toBe(session?.match(/Max-Age=(\d+)/i)?.[1]);
  });

  it('is not set for a bearer-token client', async () => {
    const { contact, password } = await createShopper(app);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: contact.email, password },
    });
    expect(login.statusCode).toBe(200);
    expect(hintCookieOf(login.headers)).toBeUndefined();
  });

  it('is cleared at logout', async () => {
    const { cookie } = await signInWithCookie();
    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'x-requested-with': 'fetch' },
    });
    expect(logout.statusCode).toBe(200);
    expect(hintCookieOf(logout.headers)).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=;`));
  });

  it.each([
    ['revoked', async () => app.db.update(sessions).set({ revokedAt: new Date() })],
    ['expired', async () => app.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) })],
    ['of a blocked shopper', async () => app.db.update(users).set({ blockedAt: new Date() })],
  ])('is cleared when a request comes with a session that is %s', async (_case, kill) => {
    const { cookie } = await signInWithCookie();
    const alive = await app.inject({ method: 'GET', url: '/api/auth/profile', headers: { cookie } });
    expect(alive.statusCode).toBe(200);
    expect(hintCookieOf(alive.headers)).toBeUndefined();
    await kill();
    const dead = await app.inject({ method: 'GET', url: '/api/auth/profile', headers: { cookie } });
    expect(dead.statusCode).toBe(401);
    expect(hintCookieOf(dead.headers)).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=;`));
    expect(setCookies(dead.headers).some((c) => c.startsWith('mitten_session=;'))).toBe(true);
  });

  it('is cleared when it comes without a session cookie', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { cookie: `${SIGNED_IN_HINT_COOKIE}=1` },
    });
    expect(response.statusCode).toBe(401);
    expect(hintCookieOf(response.headers)).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=;`));
  });

  it('does not appear on a visitor’s refused request that carried no cookie', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/profile' });
    expect(response.statusCode).toBe(401);
    expect(setCookies(response.headers)).toEqual([]);
  });
});
