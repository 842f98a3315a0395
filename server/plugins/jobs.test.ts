import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobQueues } from '../job-queues';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { toDrizzleSql } from './jobs';

describe('background jobs', () => {
  let app: TestApp;
  const worked: string[] = [];

  beforeAll(async () => {
    // The app's own workers are off, so the job goes to the handler this test registers.
    app = await buildTestApp({ jobPollingIntervalSeconds: 0.5, jobWorkers: false });
    await app.jobs.work(jobQueues.sendOrderEmail, async ({ orderId }) => {
      worked.push(orderId);
    });
  });
  afterAll(() => app.closeAndDrop());

  async function queued(tag: string): Promise<number> {
    const result = (await app.db.execute(
      sql`select count(*)::int as count from pgboss.job where data->>'orderId' = ${tag}`,
    )) as unknown as { rows: { count: number }[] };
    return result.rows[0]?.count ?? 0;
  }

  it('keeps a job sent in a transaction that commits, and runs it', async () => {
    await app.db.transaction(async (tx) => {
      await app.jobs.send(tx, jobQueues.sendOrderEmail, { orderId: 'committed', kind: 'confirmed' });
    });
    expect(await queued('committed')).toBe(1);
    await expect.poll(() => worked, { timeout: 4_000, interval: 100 }).toContain('committed');
  });

  it('drops a job sent in a transaction that rolls back', async () => {
    await expect(
      app.db.transaction(async (tx) => {
        await app.jobs.send(tx, jobQueues.sendOrderEmail, { orderId: 'rolled-back', kind: 'confirmed' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await queued('rolled-back')).toBe(0);
  });

  it('delays a job by the seconds asked', async () => {
    await app.db.transaction(async (tx) => {
      await app.jobs.send(
        tx,
        jobQueues.sendOrderEmail,
        { orderId: 'later', kind: 'confirmed' },
        { startAfterSeconds: 60 },
      );
    });
    const result = (await app.db.execute(
      sql`select start_after > now() + interval '50 seconds' as later from pgboss.job where data->>'orderId' = 'later'`,
    )) as unknown as { rows: { later: boolean }[] };
    expect(result.rows).toEqual([{ later: true }]);
  });

  it('queues one job a singleton key while it waits, retries or runs, and another once it has failed', async () => {
    // A queue no worker here takes, so the job stays as sent.
    const send = () =>
      app.db.transaction((tx) =>
        app.jobs.send(tx, jobQueues.refundCancelledOrder, { orderId: 'single' }, { singletonKey: 'order-1' }),
      );
    expect(await send()).toBe(true);
    for (const state of ['created', 'retry', 'active']) {
      await app.db.execute(
        sql`update pgboss.job set state = ${state}::pgboss.job_state where singleton_key = 'order-1'`,
      );
      expect(await send()).toBe(false);
    }
    expect(await queued('single')).toBe(1);
    await app.db.execute(sql`update pgboss.job set state = 'failed' where singleton_key = 'order-1'`);
    expect(await send()).toBe(true);
    expect(await queued('single')).toBe(2);
  });

  it("refuses, at compile time, a payload that is not its queue's", async () => {
    await expect(
      app.db.transaction(async (tx) => {
        // @ts-expect-error: the shipment queue carries an order id, not a payment id.
        await app.jobs.send(tx, jobQueues.createShipment, { paymentId: 'pay_1' });
        // @ts-expect-error: an e-mail job names its kind.
        await app.jobs.send(tx, jobQueues.sendOrderEmail, { orderId: 'order-1' });
        throw new Error('typed only');
      }),
    ).rejects.toThrow('typed only');
  });

  it("runs pg-boss's SQL with each $n bound to its value, arrays included", async () => {
    const query = toDrizzleSql('select $2::text as a, $1::text[] as b', [['y', 'z'], 'x']);
    const result = (await app.db.execute(query)) as unknown as { rows: unknown[] };
    expect(result.rows).toEqual([{ a: 'x', b: ['y', 'z'] }]);
    expect(() => toDrizzleSql('select $1 as a, $1 as b', ['x'])).toThrow('used twice');
  });
});
