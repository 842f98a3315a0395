import { once } from 'node:events';
import { afterAll, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { createShopper } from '../shopper-factory';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { canRunSeveralProcesses, payThroughProcess, postJson, ShopProcesses } from './shop-processes';

const shops = new ShopProcesses();
let database: TestDatabase | undefined;
let handle: DatabaseHandle | undefined;
afterAll(async () => {
  await shops.stopAll();
  await handle?.close();
  await database?.drop();
});

interface JobRow {
  state: string;
  tries: number;
  output: { message?: string } | null;
}

const shipmentJobs = async (db: DatabaseHandle) =>
  (
    await db.executeSql(
      `select state, retry_count as tries, output from pgboss.job where name = 'shipment.create'`,
    )
  ).rows as JobRow[];

const SHIPPING_FAULTS = '/sim/shipping/control/faults';

// docs/operations.md#health-check: SIGTERM stops taking jobs and lets the running one end before the process
// exits; a job cut off by the exit would sit 'active' until pg-boss's expiry (15 minutes) handed it out again.
it.skipIf(!canRunSeveralProcesses)(
  'a job running when SIGTERM arrives ends before the process exits 0, and the next process takes it again at once (skipped without DATABASE_URL and REDIS_URL)',
  { timeout: 90_000 },
  async () => {
    database = await createTestDatabase(undefined);
    const url = database.url as string;
    const env = { JOB_WORKERS: 'true', JOB_POLLING_INTERVAL_SECONDS: '0.5' };
    const shop = await shops.start(url, env);
    handle = await openDatabase({ url, dataDir: 'memory://' });
    const shopper = await createShopper({ db: handle.db });

    // Shiprocket answers the booking late, so the shipment job is in the middle of its work.
    await postJson(shop.base, SHIPPING_FAULTS, {
      kind: 'latency',
      delayMs: 20_000,
      endpoint: '/orders/create/adhoc',
    });
    await payThroughProcess(shop.base, shopper.headers, 1);
    const bookingsHeld = async () =>
      ((await (await fetch(`${shop.base}${SHIPPING_FAULTS}`)).json()) as { faults: { hit: number }[] })
        .faults[0]?.hit;
    await expect.poll(bookingsHeld, { timeout: 30_000 }).toBe(1);
    expect((await shipmentJobs(handle)).map((job) => job.state)).toEqual(['active']);

    const exited = once(shop.child, 'exit');
    shop.child.kill('SIGTERM');
    expect(await exited).toEqual([0, null]);
    // The job ran to its end before the exit. Its last call failed only because this process's own Shiprocket
    // simulator was closing with it (the real Shiprocket is another host); pg-boss recorded it for a retry.
    const [ended, ...others] = await shipmentJobs(handle);
    expect(others).toEqual([]);
    expect(ended?.state).toBe('retry');
    expect(ended?.output?.message).toMatch(/Shiprocket could not be reached/);

    // The next process takes the retry at its first delay, not after the expiry. (It cannot finish the booking:
    // the Shiprocket order was made in the closed process's simulator, which kept it to itself.)
    await shops.start(url, env);
    const retried = async () => (await shipmentJobs(handle as DatabaseHandle))[0]?.tries;
    await expect.poll(retried, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  },
);
