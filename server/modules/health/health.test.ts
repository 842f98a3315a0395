import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.closeAndDrop().catch(() => {});
  app = undefined;
});

interface ClosableClient {
  close?: () => Promise<void>;
  end?: () => Promise<void>;
}

/** Takes the database away from under a running app, as a crashed or unreachable server would. */
async function stopDatabase(target: TestApp) {
  const client = (target.db as unknown as { $client: ClosableClient }).$client;
  await (client.close ?? client.end)?.call(client);
}

describe('GET /api/health', () => {
  it('is 200 with the database up, without authentication', async () => {
    app = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: 'up',
      ...(process.env.REDIS_URL ? { redis: 'up' } : {}),
    });
  });

  it('is 503 with the spec message when the database is unreachable', async () => {
    app = await buildTestApp();
    await stopDatabase(app);
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'error',
      database: 'down',
      ...(process.env.REDIS_URL ? { redis: 'up' } : {}),
      message: 'Service temporarily unavailable. Please try again later.',
    });
  });
});
