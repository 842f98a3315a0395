import { and, asc, eq, gte, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { orderNumberOf } from '../orders/order-view';

/** What an alert says about a paid order. */
export interface PaidOrderSummary {
  orderId: string;
  number: string;
  status: typeof orders.$inferSelect.status;
  totalPaise: number;
  /** When it was paid; a cash-on-delivery order, when its shopper confirmed it (docs/product.md#cash-on-delivery). */
  paidAt: Date;
  cashOnDelivery: boolean;
  /** The delivery address's city and state. */
  city: string;
  state: string;
  items: { title: string; size: string; quantity: number; lineTotalPaise: number }[];
}

/** A COD order counts from its confirmation: nothing is paid before its delivery. */
const placedAt = sql<Date | null>`coalesce(${orders.paidAt}, ${orders.codConfirmedAt})`.mapWith(
  orders.paidAt,
);

async function paidOrdersWhere(db: Database, condition: SQL | undefined): Promise<PaidOrderSummary[]> {
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      totalPaise: orders.totalPaise,
      paidAt: placedAt,
      paymentMethod: orders.paymentMethod,
      shippingAddress: orders.shippingAddress,
    })
    .from(orders)
    .where(and(isNotNull(placedAt), condition))
    .orderBy(asc(placedAt), asc(orders.id));
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderItems.title), asc(orderItems.size));
  return rows.map((row) => ({
    orderId: row.id,
    number: orderNumberOf(row.id),
    status: row.status,
    totalPaise: row.totalPaise,
    paidAt: row.paidAt ?? new Date(0),
    cashOnDelivery: row.paymentMethod === 'COD',
    city: row.shippingAddress.city,
    state: row.shippingAddress.state,
    items: items
      .filter((item) => item.orderId === row.id)
      .map((item) => ({
        title: item.title,
        size: item.size,
        quantity: item.quantity,
        lineTotalPaise: item.unitPricePaise * item.quantity,
      })),
  }));
}

/** The order, once it is paid; undefined before. */
export async function paidOrderSummary(db: Database, orderId: string) {
  const [summary] = await paidOrdersWhere(db, eq(orders.id, orderId));
  return summary;
}

/** Orders paid on an IST day ("2026-05-09"), first paid first. */
export function ordersPaidOnIstDay(db: Database, day: string) {
  return paidOrdersWhere(
    db,
    and(
      gte(placedAt, sql`(${day}::date)::timestamp at time zone 'Asia/Kolkata'`),
      lt(placedAt, sql`(${day}::date + 1)::timestamp at time zone 'Asia/Kolkata'`),
    ),
  );
}
