import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderMoneyEntries } from '../../db/schema';
import { type MoneyEntry, moneyOf, type OrderMoney } from './money-of';

export type NewMoneyEntry = typeof orderMoneyEntries.$inferInsert;

/**
 * docs/architecture.md#money-record: the one writer of the money record. Entries are appended, never changed;
 * an entry whose key is already there is skipped, so an event applied twice records its money once.
 */
export async function appendMoneyEntries(tx: Database, entries: readonly NewMoneyEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx
    .insert(orderMoneyEntries)
    .values([...entries])
    .onConflictDoNothing({ target: orderMoneyEntries.entryKey });
}

/** The entries of these orders, oldest first. */
export async function moneyEntriesOf(
  db: Database,
  orderIds: readonly string[],
): Promise<Map<string, MoneyEntry[]>> {
  const byOrder = new Map<string, MoneyEntry[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderMoneyEntries)
    .where(inArray(orderMoneyEntries.orderId, [...orderIds]))
    .orderBy(asc(orderMoneyEntries.createdAt), asc(orderMoneyEntries.entryKey));
  for (const row of rows) byOrder.get(row.orderId)?.push(row);
  return byOrder;
}

/** docs/architecture.md#money-record: the money of each order, read from its record. */
export async function moneyOfOrders(
  db: Database,
  orderIds: readonly string[],
): Promise<Map<string, OrderMoney>> {
  const entries = await moneyEntriesOf(db, orderIds);
  return new Map([...entries].map(([orderId, rows]) => [orderId, moneyOf(rows)]));
}

export async function moneyOfOrder(db: Database, orderId: string): Promise<OrderMoney> {
  return (await moneyOfOrders(db, [orderId])).get(orderId) ?? moneyOf([]);
}
