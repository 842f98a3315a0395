import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInDevice } from '../../../contracts/account';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createShopper } from '../../test/shopper-factory';
import { describeDevice } from '../auth/device-name';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000 });
});
afterAll(() => app.closeAndDrop());

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function logInFrom(email: string, password: string, userAgent: string, remoteAddress: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': userAgent },
    remoteAddress,
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json<{ token: string }>().token}` };
}

const listSessions = async (headers: Record<string, string>) => {
  const response = await app.inject({ method: 'GET', url: '/api/auth/sessions', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ sessions: SignedInDevice[] }>().sessions;
};

describe('signed-in devices', () => {
  it('lists the live sessions in plain words, this one marked, and nobody else’s', async () => {
    const shopper = await createShopper(app);
    const stranger = await createShopper(app);
    const phone = await logInFrom(shopper.contact.email, shopper.password, ANDROID_CHROME, '10.2.0.7');
    await logInFrom(shopper.contact.email, shopper.password, IPHONE_SAFARI, '10.2.0.8');

    const seen = await listSessions(phone);
    expect(seen).toHaveLength(3);
    expect(seen.map((entry) => entry.device).sort()).toEqual([
      'Chrome on Android',
      'Safari on iPhone',
      'Unknown device',
    ]);
    const current = seen.filter((entry) => entry.current);
    expect(current).toEqual([
      expect.objectContaining({ device: 'Chrome on Android', ipAddress: '10.2.0.7' }),
    ]);
    expect(Date.parse(current[0]?.signedInAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect((await listSessions(stranger.headers)).map((entry) => entry.device)).toEqual(['Unknown device']);
  });

  it('signs one device out; another user’s session or a made-up id is a 404', async () => {
    const shopper = await createShopper(app);
    const stranger = await createShopper(app);
    const phone = await logInFrom(shopper.contact.email, shopper.password, ANDROID_CHROME, '10.2.0.9');
    const [strangerSession] = await listSessions(stranger.headers);
    for (const id of [strangerSession?.id, 'not-a-session', '00000000-0000-4000-8000-000000000000']) {
      const response = await app.inject({
        method: 'DELETE',
        url: `/api/auth/sessions/${id}`,
        headers: phone,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'This device is not signed in.' });
    }
    expect(await listSessions(stranger.headers)).toHaveLength(1);

    const other = (await listSessions(phone)).find((entry) => !entry.current);
    const revoke = await app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${other?.id}`,
      headers: phone,
    });
    expect(revoke.json()).toEqual({ status: 'success', message: 'That device has been signed out.' });
    const signedOut = await app.inject({ method: 'GET', url: '/api/auth/profile', headers: shopper.headers });
    expect(signedOut.statusCode).toBe(401);
    expect(await listSessions(phone)).toHaveLength(1);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${other?.id}`,
      headers: phone,
    });
    expect(again.statusCode).toBe(404);
  });

  it('signs out everywhere, this device included, and only this account', async () => {
    const shopper = await createShopper(app);
    const stranger = await createShopper(app);
    const phone = await logInFrom(shopper.contact.email, shopper.password, ANDROID_CHROME, '10.2.0.10');
    const response = await app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: phone });
    expect(response.json()).toEqual({
      status: 'success',
      message: 'You have been signed out on every device.',
    });
    for (const headers of [phone, shopper.headers]) {
      expect((await app.inject({ method: 'GET', url: '/api/auth/sessions', headers })).statusCode).toBe(401);
    }
    expect(await listSessions(stranger.headers)).toHaveLength(1);
  });

  it('needs a session', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/api/auth/sessions' });
    expect(response.statusCode).toBe(401);
  });
});

describe('describeDevice', () => {
  it.each([
    [ANDROID_CHROME, 'Chrome on Android'],
    [IPHONE_SAFARI, 'Safari on iPhone'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on Mac'],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
    ],
    ['curl/8.5.0', 'Unknown device'],
    [null, 'Unknown device'],
  ])('%s is %s', (agent, words) => {
    expect(describeDevice(agent)).toBe(words);
  });
});
