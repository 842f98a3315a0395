import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { uniqueContact } from './test/auth-helpers';
import { buildTestApp, type TestApp } from './test/build-test-app';
import type { TrustProxy } from './trust-proxy';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.closeAndDrop();
  app = undefined;
});

async function appTrusting(trustProxy: TrustProxy) {
  app = await buildTestApp({ trustProxy, authRateLimitMax: 2 });
  return app;
}

/** An OTP send (limited per IP, 2 here) from `remoteAddress` carrying `forwardedFor`. */
function sendOtp(target: TestApp, remoteAddress: string, forwardedFor: string) {
  return target.inject({
    method: 'POST',
    url: '/api/auth/send-otp',
    payload: { email: uniqueContact().email },
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });
}

describe('TRUST_PROXY as a hop count', () => {
  it('does not let a client escape the per-IP limit by rotating the left-most X-Forwarded-For entry', async () => {
    const target = await appTrusting(1);
    const statuses: number[] = [];
    for (let n = 1; n <= 4; n += 1) {
      statuses.push((await sendOtp(target, '10.0.0.1', `203.0.113.${n}, 198.51.100.9`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
  });

  it('still gives each client behind the one proxy its own limit', async () => {
    const target = await appTrusting(1);
    for (const client of ['198.51.100.1', '198.51.100.2']) {
      expect((await sendOtp(target, '10.0.0.1', client)).statusCode).toBe(200);
      expect((await sendOtp(target, '10.0.0.1', client)).statusCode).toBe(200);
      expect((await sendOtp(target, '10.0.0.1', client)).statusCode).toBe(429);
    }
  });
});

describe('TRUST_PROXY as addresses', () => {
  it('honours X-Forwarded-For only from a listed proxy', async () => {
    const target = await appTrusting(['10.0.0.0/8', '192.0.2.1']);
    for (let n = 1; n <= 3; n += 1) {
      expect((await sendOtp(target, '10.20.30.40', `198.51.100.${n}`)).statusCode).toBe(200);
    }
    const direct: number[] = [];
    for (let n = 1; n <= 3; n += 1) {
      direct.push((await sendOtp(target, '203.0.113.50', `198.51.100.${10 + n}`)).statusCode);
    }
    expect(direct).toEqual([200, 200, 429]);
  });
});

describe('TRUST_PROXY in the environment', () => {
  it('refuses true, saying what to write instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=1/);
  });

  it.each([
    ['', false],
    ['false', false],
    ['2', 2],
    ['10.0.0.0/8, 192.0.2.1', ['10.0.0.0/8', '192.0.2.1']],
    ['fd00::/8', ['fd00::/8']],
  ])('reads %j', (raw, expected) => {
    expect(loadConfig({ TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  it.each(['yes', '10.0.0.0/33', 'load-balancer'])('refuses %j, naming the variable', (raw) => {
    expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(/TRUST_PROXY/);
  });
});
