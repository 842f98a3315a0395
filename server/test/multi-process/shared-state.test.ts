import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { createShopper, TEST_PASSWORD } from '../shopper-factory';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { canRunSeveralProcesses, ShopProcesses } from './shop-processes';

const shops = new ShopProcesses();
let database: TestDatabase | undefined;
afterAll(async () => {
  await shops.stopAll();
  await database?.drop();
});

// docs/operations.md#scaling-out: processes share nothing but PostgreSQL and Redis, so the first start of two
// at once on an empty database must be safe, and a session made on one must work on the other.
it.skipIf(!canRunSeveralProcesses)(
  'two processes start at once on an empty database, and a session made on one works on the other (skipped without DATABASE_URL and REDIS_URL)',
  { timeout: 90_000 },
  async () => {
    database = await createTestDatabase(undefined);
    const url = database.url as string;
    const [a, b] = await Promise.all([shops.start(url), shops.start(url)]);

    const handle = await openDatabase({ url, dataDir: 'memory://' });
    const shopper = await createShopper({ db: handle.db }).finally(() => handle.close());

    const logIn = (headers: Record<string, string>) =>
      fetch(`${a.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email: shopper.contact.email, password: TEST_PASSWORD }),
      });
    // The browser app's sign-in gets the session cookie; an API client's gets a token.
    const asBrowser = await logIn({ 'x-requested-with': 'fetch' });
    expect(asBrowser.status).toBe(200);
    const cookie = asBrowser.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const asClient = await logIn({});
    expect(asClient.status).toBe(200);
    const { token } = (await asClient.json()) as { token: string };

    const ways: Record<string, string>[] = [{ cookie }, { authorization: `Bearer ${token}` }];
    for (const headers of ways) {
      const profile = await fetch(`${b.base}/api/auth/profile`, { headers });
      expect(profile.status, JSON.stringify(headers)).toBe(200);
      expect(((await profile.json()) as { user: { email: string } }).user.email).toBe(shopper.contact.email);
    }

    // Signed out on B: the session is gone on A too.
    const logout = await fetch(`${b.base}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'fetch' },
    });
    expect(logout.status).toBeLessThan(300);
    const after = await fetch(`${a.base}/api/auth/profile`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.status).toBe(401);
  },
);
