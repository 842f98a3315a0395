import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectNoSecrets, signUpByPhone, signUpUser } from '../../test/auth-helpers';
import { solvedChallengeHeader } from '../../test/bot-challenge-helpers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { failureDelayMs } from './login-throttle';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000, loginFailureDelayScale: 0 });
});
afterAll(() => app.closeAndDrop());

const login = (payload: unknown, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress, headers });

describe('POST /api/auth/login', () => {
  it('logs in by e-mail and by verified mobile in any accepted form', async () => {
    const byEmail = await signUpUser(app);
    const byPhone = await signUpByPhone(app);
    for (const [credential, account] of [
      [{ email: byEmail.contact.email }, byEmail],
      [{ email: byEmail.contact.email.toUpperCase() }, byEmail],
      [{ mobile: byPhone.mobile }, byPhone],
      [{ mobile: `+91 ${byPhone.mobile}` }, byPhone],
      [{ mobile: `0${byPhone.mobile}` }, byPhone],
    ] as const) {
      const response = await login({ ...credential, password: account.password });
      expect(response.statusCode, JSON.stringify(credential)).toBe(200);
      expectNoSecrets(response.body);
      const { token, user } = response.json<{ token: string; user: { _id: string } }>();
      expect(user._id).toBe(account.user._id);
      const profile = await app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });
      expect(profile.statusCode).toBe(200);
    }
  });

  it('answers an unknown account exactly as a wrong password', async () => {
    const { contact } = await signUpUser(app);
    const wrongPassword = await login({ email: contact.email, password: 'not-my-password' }, '10.1.0.1');
    const unknownAccount = await login(
      { email: `nobody-${contact.email}`, password: 'not-my-password' },
      '10.1.0.2',
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(unknownAccount.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownAccount.body).toBe(wrongPassword.body);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid email/phone or password' });
  });

  it('refuses a malformed mobile with the spec message', async () => {
    const response = await login({ mobile: '12345', password: 'whatever1' });
    expect(response.json()).toEqual({ message: 'Phone number must be exactly 10 digits (e.g., 9876543211)' });
  });

  it('refuses a number that is not a mobile', async () => {
    const response = await login({ mobile: '1234567890', password: 'whatever1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Please enter a valid Indian mobile number: 10 digits starting with 6, 7, 8 or 9.',
    });
  });

  it('never locks the owner out: after failures from many IPs the right password needs a solved challenge', async () => {
    const { contact, password } = await signUpUser(app);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      statuses.push(
        (await login({ email: contact.email, password: `wrong-${i}` }, `10.2.0.${i}`)).statusCode,
      );
    }
    // Five failures are counted; from then on every try needs the challenge first.
    expect(statuses).toEqual([400, 400, 400, 400, 400, 428, 428, 428, 428, 428]);
    const asked = await login({ email: contact.email, password }, '10.2.1.1');
    expect(asked.statusCode).toBe(428);
    expect(asked.json()).toEqual({ message: 'Please confirm you are not a robot.' });
    const solved = await login(
      { email: contact.email, password },
      '10.2.1.1',
      await solvedChallengeHeader(app),
    );
    expect(solved.statusCode, solved.body).toBe(200);
    // A login clears the account's failures: the next one needs no challenge.
    expect((await login({ email: contact.email, password }, '10.2.1.2')).statusCode).toBe(200);
  });

  it('still refuses a wrong password that comes with a solved challenge', async () => {
    const { contact } = await signUpUser(app);
    for (let i = 0; i < 5; i += 1)
      await login({ email: contact.email, password: `wrong-${i}` }, `10.5.0.${i}`);
    const response = await login(
      { email: contact.email, password: 'still-wrong' },
      '10.5.1.1',
      await solvedChallengeHeader(app),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Invalid email/phone or password' });
  });

  it('asks the same for an unknown account, so the challenge reveals nothing', async () => {
    for (let i = 0; i < 5; i += 1)
      await login({ email: 'ghost@example.in', password: `wrong-${i}` }, `10.3.0.${i}`);
    expect((await login({ email: 'ghost@example.in', password: 'x' }, '10.3.1.1')).statusCode).toBe(428);
  });

  it('asks an IP after 20 failures across accounts, and no other IP', async () => {
    for (let i = 0; i < 20; i += 1)
      await login({ email: `guess${i}@example.in`, password: 'wrong-one' }, '10.4.0.1');
    const { contact, password } = await signUpUser(app);
    expect((await login({ email: contact.email, password }, '10.4.0.1')).statusCode).toBe(428);
    expect((await login({ email: contact.email, password }, '10.4.0.2')).statusCode).toBe(200);
  });

  it('slows repeated failures down with a growing delay', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(failureDelayMs)).toEqual([0, 0, 250, 500, 1000, 2000, 4000, 4000]);
  });

  it('refuses a body without an identifier', async () => {
    const response = await login({ password: 'whatever1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Please enter your email or phone number' });
  });
});
