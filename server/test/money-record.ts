import { eq } from 'drizzle-orm';
import { orderMoneyEntries, orders } from '../db/schema';
import { recordMoneyFromRows } from '../modules/order-money/backfill';
import type { TestApp } from './build-test-app';

/**
 * docs/architecture.md#money-record: factories that write an order's money rows straight into the tables (a
 * refund, a COD collection) make its money record again from those rows, as the migration did for old orders.
 */
export async function remakeMoneyRecord(app: TestApp, orderId: string) {
  await app.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw new Error(`no order ${orderId}`);
    await tx.delete(orderMoneyEntries).where(eq(orderMoneyEntries.orderId, orderId));
    await recordMoneyFromRows(tx, order);
  });
}
