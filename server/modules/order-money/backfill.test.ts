import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderMoneyEntries, orders } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testProfile } from '../../test/shopper-factory';
import { backfillMoneyRecord } from './backfill';

// docs/architecture.md#money-record: the start-up backfill of orders placed before the money record.

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ jobWorkers: false });
});
afterAll(() => app.closeAndDrop());

it('ends even when an old paid order has nothing to record (its items lost, no charge to write)', async () => {
  const [order] = await app.db
    .insert(orders)
    .values({
      id: randomUUID(),
      status: 'confirmed',
      paymentStatus: 'paid',
      paidAt: new Date(),
      mrpPaise: 10_000,
      subtotalPaise: 10_000,
      discountPaise: 0,
      shippingPaise: 0,
      taxPaise: 0,
      totalPaise: 10_000,
      cartFingerprint: 'backfill-empty',
      contact: { name: 'Asha Rao', email: 'asha@example.in', phone: '9876543210' },
      shippingAddress: testProfile,
      billingAddress: testProfile,
    })
    .returning();
  expect(await backfillMoneyRecord(app.db)).toBeGreaterThanOrEqual(1);
  expect(
    await app.db
      .select()
      .from(orderMoneyEntries)
      .where(eq(orderMoneyEntries.orderId, order?.id ?? '')),
  ).toEqual([]);
});
