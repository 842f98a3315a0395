import { readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../contracts/orders';
import { buildApp } from '../app';
import type { TestApp } from '../test/build-test-app';
import { type PaidOrder, placePaidOrder } from '../test/order-helpers';
import { createScratchDatabase, postgresMissing } from '../test/scratch-postgres';
import { testAppConfig } from '../test/test-config';
import { pgliteTemplateDump } from '../test/test-database';
import { copyToPostgres } from './copy-to-postgres';

const missing = await postgresMissing();
if (missing) console.warn(`copy-to-postgres.test.ts skipped: ${missing}`);

/** The real app on an in-memory PGlite loaded with the test template, whatever database the run uses. */
async function pgliteShop(): Promise<TestApp> {
  const pgliteTemplate = new Blob([await readFile(await pgliteTemplateDump())]);
  const app = await buildApp(testAppConfig(undefined, { jobWorkers: false }), {
    logger: false,
    pgliteTemplate,
  });
  return Object.assign(app, { closeAndDrop: () => app.close() });
}

describe.skipIf(missing)('npm run db:copy (docs/operations.md#moving-off-pglite)', () => {
  let source: TestApp;
  let target: Awaited<ReturnType<typeof createScratchDatabase>>;
  const paid: PaidOrder[] = [];

  beforeAll(async () => {
    source = await pgliteShop();
    target = await createScratchDatabase();
    paid.push(
      await placePaidOrder(source),
      await placePaidOrder(source, { lines: [{ id: 2, quantity: 3 }] }),
    );
  });
  afterAll(async () => {
    await source?.close();
    await target?.drop();
  });

  it("copies a PGlite shop into PostgreSQL: the shoppers' sessions, orders and queued jobs", async () => {
    const pglite = (source.db as unknown as { $client: PGlite }).$client;
    const report = await copyToPostgres((text, values) => pglite.query(text, values), target.url);
    expect(report.rows['public.orders']).toBe(2);
    expect(report.rows['pgboss.job']).toBeGreaterThanOrEqual(2);

    const copied = await buildApp(testAppConfig(target.url, { jobWorkers: false }), { logger: false });
    try {
      for (const { shopper, orderId, totalPaise } of paid) {
        const reply = await copied.inject({
          method: 'GET',
          url: '/api/orders/my-orders',
          headers: shopper.headers,
        });
        expect(reply.statusCode, reply.body).toBe(200);
        const orders = reply.json<{ orders: Order[] }>().orders;
        expect(orders.map((order) => [order.orderId, order.totalPaise])).toEqual([[orderId, totalPaise]]);
      }
      const { rows } = await copied.executeSql(
        `select count(*)::int as n from pgboss.job where name = 'shipment.create' and state = 'created'`,
      );
      expect(rows).toEqual([{ n: 2 }]);
    } finally {
      await copied.close();
    }
  });

  it('refuses a target that already has a shop in it', async () => {
    const pglite = (source.db as unknown as { $client: PGlite }).$client;
    await expect(copyToPostgres((text, values) => pglite.query(text, values), target.url)).rejects.toThrow(
      /not empty/,
    );
  });
});
