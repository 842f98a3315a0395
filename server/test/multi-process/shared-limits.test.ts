import { randomInt } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { canRunSeveralProcesses, ShopProcesses } from './shop-processes';

const shops = new ShopProcesses();
let database: TestDatabase | undefined;
afterAll(async () => {
  await shops.stopAll();
  await database?.drop();
});

// docs/operations.md#scaling-out: two processes on one PostgreSQL and one Redis count limits together.
it.skipIf(!canRunSeveralProcesses)(
  'two shop processes share the auth rate limit through Redis (skipped without DATABASE_URL and REDIS_URL: PGlite is one process)',
  { timeout: 90_000 },
  async () => {
    database = await createTestDatabase(undefined);
    const url = database.url as string;
    const limits = { AUTH_RATE_LIMIT_MAX: '2' };
    const [{ base: a }, { base: b }] = await Promise.all([
      shops.start(url, limits),
      shops.start(url, limits),
    ]);
    // An address of this run's own: counters in the shared Redis outlive earlier runs.
    const client = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const login = (base: string) =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ email: 'nobody@example.in', password: 'wrong password 1' }),
      }).then((r) => r.status);
    expect(await login(a)).not.toBe(429);
    expect(await login(b)).not.toBe(429);
    expect(await login(a)).toBe(429);
    expect(await login(b)).toBe(429);
  },
);
