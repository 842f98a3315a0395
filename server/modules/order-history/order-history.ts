import { and, eq, inArray } from 'drizzle-orm';
import {
  type OrderHistoryEntry,
  type OrderHistoryEntryInput,
  paymentMessages,
} from '../../../contracts/orders';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { AppError } from '../../errors';
import { isOrderId, listUserOrders } from '../orders/order-view';

/**
 * docs/product.md#entities Order-history sync entry, as a view over the orders table: the shopper's paid orders, newest first
 * (docs/architecture.md#money-flow: order history reads the order rows; no copy of an order is kept anywhere else).
 */
export async function listOrderHistory(db: Database, userId: string): Promise<OrderHistoryEntry[]> {
  const views = await listUserOrders(db, userId);
  return views.map((order) => ({
    orderId: order.orderId,
    orderData: order,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  }));
}

/** docs/product.md#entities: an order's id may travel as orderId or _id, on the entry or inside its orderData. */
function namedOrderIds(entries: OrderHistoryEntryInput[]): string[] {
  const ids = entries.flatMap((entry) => [entry.orderId, entry.orderData?.orderId, entry.orderData?._id]);
  return [...new Set(ids.filter((id): id is string => id !== undefined))];
}

/**
 * The original client writes order history after each payment (docs/architecture.md#money-flow replaces those writes): the entries
 * are checked, never stored, and the answer is the history as the orders table has it. An entry naming an
 * order that is not the shopper's is answered like any unknown order.
 */
export async function acknowledgeOrderHistory(
  db: Database,
  userId: string,
  entries: OrderHistoryEntryInput[],
): Promise<OrderHistoryEntry[]> {
  const named = namedOrderIds(entries);
  if (named.some((id) => !isOrderId(id))) throw new AppError('not_found', paymentMessages.orderNotFound);
  if (named.length > 0) {
    const owned = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), inArray(orders.id, named)));
    if (owned.length !== named.length) throw new AppError('not_found', paymentMessages.orderNotFound);
  }
  return listOrderHistory(db, userId);
}
