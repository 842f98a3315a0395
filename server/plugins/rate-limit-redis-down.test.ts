import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueContact } from '../test/auth-helpers';
import { buildTestApp, type TestApp } from '../test/build-test-app';

// Nothing listens on port 1: every connection is refused, as with a Redis that is down.
const DOWN_REDIS = 'redis://127.0.0.1:1';
const QUICK_MS = 2_000;

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ redisUrl: DOWN_REDIS, authRateLimitMax: 2 });
});
afterAll(() => app.closeAndDrop());

async function timed(request: () => Promise<LightMyRequestResponse>) {
  const started = Date.now();
  const response = await request();
  return { response, elapsedMs: Date.now() - started };
}

describe('rate limits with REDIS_URL set and Redis down', () => {
  it('answers send-otp normally and quickly, still limiting per IP on local counters', async () => {
    const send = () =>
      timed(() =>
        app.inject({
          method: 'POST',
          url: '/api/auth/send-otp',
          payload: { email: uniqueContact().email },
          remoteAddress: '198.51.100.20',
        }),
      );
    const results = [await send(), await send(), await send()];
    expect(results.map(({ response }) => response.statusCode)).toEqual([200, 200, 429]);
    for (const { elapsedMs } of results) expect(elapsedMs).toBeLessThan(QUICK_MS);
  });

  it('answers login normally and quickly, still limiting per IP', async () => {
    const login = () =>
      timed(() =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: uniqueContact().email, password: 'not-a-real-one1' },
          remoteAddress: '198.51.100.21',
        }),
      );
    const first = await login();
    expect(first.response.statusCode).toBe(400);
    expect(first.response.json()).toEqual({ message: 'Invalid email/phone or password' });
    expect(first.elapsedMs).toBeLessThan(QUICK_MS);
    await login();
    expect((await login()).response.statusCode).toBe(429);
  });

  it('reports Redis down in /api/health as degraded, still 200', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'degraded', database: 'up', redis: 'down' });
  });
});
