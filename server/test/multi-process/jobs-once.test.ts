import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { notifications, orders, shipments } from '../../db/schema';
import { createShopper } from '../shopper-factory';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { canRunSeveralProcesses, payThroughProcess, ShopProcesses } from './shop-processes';

const shops = new ShopProcesses();
let database: TestDatabase | undefined;
afterAll(async () => {
  await shops.stopAll();
  await database?.drop();
});

const ORDERS = 6;

// docs/operations.md#scaling-out: both processes run job workers on one queue; each paid order's shipment
// booking and confirmation e-mail happen once, whichever process takes them.
it.skipIf(!canRunSeveralProcesses)(
  'two processes with workers book each paid order once and e-mail its confirmation once (skipped without DATABASE_URL and REDIS_URL)',
  { timeout: 120_000 },
  async () => {
    database = await createTestDatabase(undefined);
    const url = database.url as string;
    const workers = { JOB_WORKERS: 'true', JOB_POLLING_INTERVAL_SECONDS: '0.5' };
    const [a, b] = await Promise.all([shops.start(url, workers), shops.start(url, workers)]);
    const handle = await openDatabase({ url, dataDir: 'memory://' });
    try {
      const shoppers = await Promise.all(
        Array.from({ length: ORDERS }, () => createShopper({ db: handle.db })),
      );
      // Carts filled through either process; payment through A, whose Razorpay simulator made the order
      // (each process's simulator keeps its own payments, docs/operations.md#scaling-out).
      await Promise.all(
        shoppers.map((shopper, index) =>
          payThroughProcess(a.base, shopper.headers, 1 + (index % 3), index % 2 === 0 ? a.base : b.base),
        ),
      );

      const paidOrders = await handle.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.paymentStatus, 'paid'));
      expect(paidOrders).toHaveLength(ORDERS);
      const booked = async () =>
        (await handle.db.select({ orderId: shipments.orderId }).from(shipments)).length;
      const confirmations = () =>
        handle.db
          .select({ recipient: notifications.recipient })
          .from(notifications)
          .where(
            and(eq(notifications.channel, 'email'), like(notifications.subject, 'Your order % is confirmed')),
          );
      await expect.poll(booked, { timeout: 30_000 }).toBe(ORDERS);
      await expect.poll(async () => (await confirmations()).length, { timeout: 30_000 }).toBe(ORDERS);

      // Every shipment and e-mail job is done; a second run of any would have written a second row.
      await expect
        .poll(
          async () =>
            (
              await handle.executeSql(
                `select count(*)::int as open from pgboss.job
                 where name in ('shipment.create', 'order.email') and state in ('created', 'retry', 'active')`,
              )
            ).rows,
          { timeout: 30_000 },
        )
        .toEqual([{ open: 0 }]);
      const recipients = (await confirmations()).map((row) => row.recipient).sort();
      expect(recipients).toEqual(shoppers.map((shopper) => shopper.contact.email).sort());
      const bookings = await handle.db
        .select({ orderId: shipments.orderId, count: sql<number>`count(*)::int` })
        .from(shipments)
        .groupBy(shipments.orderId);
      expect(bookings.map((row) => row.count)).toEqual(Array(ORDERS).fill(1));
    } finally {
      await handle.close();
    }
  },
);
