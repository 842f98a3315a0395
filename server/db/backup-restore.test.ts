import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { Order } from '../../contracts/orders';
import { buildApp } from '../app';
import type { TestApp } from '../test/build-test-app';
import { placePaidOrder } from '../test/order-helpers';
import { createScratchDatabase, postgresMissing } from '../test/scratch-postgres';
import { testAppConfig } from '../test/test-config';

const run = promisify(execFile);

async function toolsMissing(): Promise<string | undefined> {
  try {
    await run('pg_dump', ['--version']);
    await run('pg_restore', ['--version']);
    return undefined;
  } catch {
    return 'pg_dump and pg_restore are not installed (apt-get install postgresql-client)';
  }
}

const missing = (await postgresMissing()) ?? (await toolsMissing());
if (missing) console.warn(`backup-restore.test.ts skipped: ${missing}`);

const scratch: Awaited<ReturnType<typeof createScratchDatabase>>[] = [];
afterAll(async () => {
  for (const database of scratch) await database.drop();
});

async function shopOn(url: string): Promise<TestApp> {
  const app = await buildApp(testAppConfig(url, { jobWorkers: false }), { logger: false });
  return Object.assign(app, { closeAndDrop: () => app.close() });
}

describe.skipIf(missing)('backups (docs/operations.md#backups)', () => {
  it('a pg_dump of a running shop restores into a fresh database with its orders', async () => {
    const live = await createScratchDatabase();
    const fresh = await createScratchDatabase();
    scratch.push(live, fresh);
    const folder = await mkdtemp(join(tmpdir(), 'mitten-backup-'));
    const dumpFile = join(folder, 'shop.dump');
    const shop = await shopOn(live.url);
    let paid: Awaited<ReturnType<typeof placePaidOrder>>;
    try {
      paid = await placePaidOrder(shop);
      // While the shop runs, as the operations page says.
      await run('pg_dump', ['--format=custom', `--file=${dumpFile}`, live.url]);
    } finally {
      await shop.close();
    }
    await run('pg_restore', ['--no-owner', `--dbname=${fresh.url}`, dumpFile]);
    await rm(folder, { recursive: true });

    const restored = await shopOn(fresh.url);
    try {
      const reply = await restored.inject({
        method: 'GET',
        url: '/api/orders/my-orders',
        headers: paid.shopper.headers,
      });
      expect(reply.statusCode, reply.body).toBe(200);
      const orders = reply.json<{ orders: Order[] }>().orders;
      expect(orders.map((order) => [order.orderId, order.paymentStatus])).toEqual([[paid.orderId, 'paid']]);
    } finally {
      await restored.close();
    }
  });
});
