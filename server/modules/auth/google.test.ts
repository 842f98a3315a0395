import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testGoogleAccounts } from '../../simulators/google/test-accounts';
import { bearer, expectNoSecrets } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createShopper } from '../../test/shopper-factory';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000 });
});
afterAll(() => app.closeAndDrop());

const [priya, arjun, unverified] = testGoogleAccounts as [
  (typeof testGoogleAccounts)[number],
  (typeof testGoogleAccounts)[number],
  (typeof testGoogleAccounts)[number],
];

function simulator() {
  if (!app.googleSimulator) throw new Error('the Google simulator is off');
  return app.googleSimulator;
}

const google = (credential: unknown) =>
  app.inject({ method: 'POST', url: '/api/auth/google', payload: { credential } as object });

describe('POST /api/auth/google', () => {
  it('creates the account on first sign-in and finds it after', async () => {
    const first = await google(await simulator().issueIdToken(priya));
    expect(first.statusCode).toBe(200);
    expectNoSecrets(first.body);
    const body = first.json<{ user: { _id: string; email: string; firstName: string }; token: string }>();
    expect(body.user).toMatchObject({ email: priya.email, firstName: 'Priya' });
    const again = await google(await simulator().issueIdToken(priya));
    expect(again.json<{ user: { _id: string } }>().user._id).toBe(body.user._id);
    const profile = await app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(body.token),
    });
    expect(profile.json()).toMatchObject({ email: priya.email });
  });

  it('signs into the existing account with the same verified e-mail', async () => {
    const existing = await createShopper(app);
    const account = { ...arjun, email: existing.contact.email };
    const response = await google(await simulator().issueIdToken(account));
    expect(response.json<{ user: { _id: string } }>().user._id).toBe(existing.user._id);
  });

  it('refuses a missing credential with the spec message', async () => {
    const response = await google(undefined);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Invalid Google credential response' });
  });

  it.each([
    ['a wrong audience', { audience: 'someone-else.apps.googleusercontent.com' }],
    ['a wrong issuer', { issuer: 'https://accounts.evil.example' }],
    ['an expired token', { expiresInSeconds: -120 }],
  ])('refuses %s', async (_case, overrides) => {
    const response = await google(await simulator().issueIdToken(priya, overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Invalid Google credential response' });
  });

  it('refuses a token signed by a key outside the JWKS', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ email: priya.email, email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'forged' })
      .setIssuer('https://accounts.google.com')
      .setAudience(simulator().clientId)
      .setSubject('123')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    expect((await google(forged)).statusCode).toBe(400);
    expect((await google('not.a.jwt')).statusCode).toBe(400);
  });

  it('refuses an e-mail Google has not verified', async () => {
    const response = await google(await simulator().issueIdToken(unverified));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Your Google account e-mail is not verified.' });
  });
});

describe('the Google simulator', () => {
  it('publishes its keys and issues tokens for its test accounts only', async () => {
    const certs = await app.inject({ method: 'GET', url: '/sim/google/certs' });
    expect(certs.json<{ keys: { kty: string; alg: string }[] }>().keys[0]).toMatchObject({
      kty: 'RSA',
      alg: 'RS256',
    });
    const issued = await app.inject({
      method: 'POST',
      url: '/sim/google/credential',
      payload: { email: arjun.email },
    });
    const { credential } = issued.json<{ credential: string }>();
    expect((await google(credential)).statusCode).toBe(200);
    const stranger = await app.inject({
      method: 'POST',
      url: '/sim/google/credential',
      payload: { email: 'x@y.z' },
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('shows a chooser window without inline script', async () => {
    const page = await app.inject({ method: 'GET', url: '/sim/google/chooser' });
    expect(page.body).toContain('Sign in with Google');
    expect(page.body).toContain(priya.email);
    expect(page.body).not.toMatch(/<script>(?!<\/script>)/);
  });

  it('is off when a real Google client id is configured', async () => {
    const real = await buildTestApp({ google: { clientId: 'real-client.apps.googleusercontent.com' } });
    try {
      expect((await real.inject({ method: 'GET', url: '/sim/google/certs' })).statusCode).toBe(404);
      const config = await real.inject({ method: 'GET', url: '/api/config' });
      const page = await real.inject({ method: 'GET', url: '/robots.txt' });
      expect(config.json().google).toEqual({
        clientId: 'real-client.apps.googleusercontent.com',
        mode: 'google',
      });
      expect(String(page.headers['content-security-policy'])).toContain('https://accounts.google.com/gsi/');
    } finally {
      await real.closeAndDrop();
    }
  });
});
