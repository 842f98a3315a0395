import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AdminOrderSummary, AdminOrdersQuery } from '../../../contracts/admin-orders';
import { adminOrderMessages } from '../../../contracts/admin-orders';
import { normalizeIndianPhone } from '../../../contracts/phone';
import type { Database } from '../../db/client';
import { orders, payments, shipments } from '../../db/schema';
import { isUuid } from '../../db/uuid';
import { AppError } from '../../errors';
import { orderNumberOf } from '../orders/order-view';

// docs/architecture.md#console-orders-api: newest first, paged by (created_at, id) so that a page boundary
// neither skips nor repeats an order while new ones arrive.

type OrderRow = typeof orders.$inferSelect;

/** Where a page ends: the microsecond UTC time (a JS Date would lose the microseconds) and the id. */
interface Cursor {
  at: string;
  id: string;
}

const CURSOR_AT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/;

export const cursorAtColumn = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(value: string): Cursor {
  const [at = '', id = '', ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !CURSOR_AT.test(at) || !isUuid(id)) {
    throw new AppError('invalid', adminOrderMessages.badCursor);
  }
  return { at, id };
}

/** Orders before the cursor in newest-first order; uses the (created_at, id) index. */
export function beforeCursor(cursor: Cursor): SQL {
  return sql`(${orders.createdAt}, ${orders.id}) < ((${cursor.at} || '+00')::timestamptz, ${cursor.id}::uuid)`;
}

/** Orders placed on or after the first moment of an IST day, before the first moment of the day after `to`. */
export function istDayRange(from: string | undefined, to: string | undefined): SQL[] {
  if (from && to && from > to) throw new AppError('invalid', adminOrderMessages.rangeBackwards);
  const conditions: SQL[] = [];
  if (from)
    conditions.push(sql`${orders.createdAt} >= (${from}::date)::timestamp at time zone 'Asia/Kolkata'`);
  if (to)
    conditions.push(sql`${orders.createdAt} < (${to}::date + 1)::timestamp at time zone 'Asia/Kolkata'`);
  return conditions;
}

const ORDER_NUMBER = /^(?:OM-?)?([0-9a-f]{8})$/i;
// Letters (any script), spaces, dots, apostrophes and hyphens, two or more: nothing LIKE reads as a wildcard.
const NAME_LIKE = /^[\p{L}][\p{L} .'-]+$/u;

/**
 * What `q` may be, each an indexed equality: an order number (OM-1A2B3C4D, a range of the primary key), an
 * order id, an e-mail, an Indian phone, an AWB or a Razorpay payment id. The AWB and the payment id are looked
 * up first: as subqueries in the OR, PostgreSQL would filter the whole table instead of one BitmapOr.
 * A term that reads as a name also matches a part of the shopper's name, case-insensitive: that one reads the
 * whole table (docs/architecture.md#console-orders-api).
 */
export async function searchCondition(db: Database, q: string): Promise<SQL | undefined> {
  const term = q.trim();
  if (!term) return undefined;
  const [byAwb, byPayment] = await Promise.all([
    db.select({ orderId: shipments.orderId }).from(shipments).where(eq(shipments.awbCode, term)),
    db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.razorpayPaymentId, term)),
  ]);
  const linked = [...byAwb, ...byPayment].map((row) => row.orderId);
  const options: SQL[] = [];
  if (linked.length > 0) options.push(inArray(orders.id, linked));
  const number = ORDER_NUMBER.exec(term)?.[1]?.toLowerCase();
  if (number) {
    options.push(
      sql`${orders.id} between ${`${number}-0000-0000-0000-000000000000`}::uuid and ${`${number}-ffff-ffff-ffff-ffffffffffff`}::uuid`,
    );
  }
  if (isUuid(term)) options.push(eq(orders.id, term.toLowerCase()));
  if (term.includes('@')) options.push(sql`lower(${orders.contact}->>'email') = ${term.toLowerCase()}`);
  const phone = normalizeIndianPhone(term);
  if (phone.ok) options.push(sql`(${orders.contact}->>'phone') = ${phone.phone}`);
  if (NAME_LIKE.test(term)) options.push(sql`(${orders.contact}->>'name') ilike ${`%${term}%`}`);
  // Nothing the term could be: no order matches.
  return options.length > 0 ? or(...options) : sql`false`;
}

export function toSummary(row: OrderRow): AdminOrderSummary {
  return {
    orderId: row.id,
    orderNumber: orderNumberOf(row.id),
    status: row.status,
    paymentStatus: row.paymentStatus,
    totalPaise: row.totalPaise,
    shopperName: row.contact.name,
    email: row.contact.email,
    phone: row.contact.phone,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One page of the console's order list. */
export async function searchOrders(db: Database, query: AdminOrdersQuery) {
  const conditions: (SQL | undefined)[] = [
    query.q ? await searchCondition(db, query.q) : undefined,
    query.status ? eq(orders.status, query.status) : undefined,
    query.paymentStatus ? eq(orders.paymentStatus, query.paymentStatus) : undefined,
    ...istDayRange(query.from, query.to),
    query.after ? beforeCursor(decodeCursor(query.after)) : undefined,
  ];
  const rows = await db
    .select({ order: orders, cursorAt: cursorAtColumn })
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const next =
    rows.length > query.limit && last ? encodeCursor({ at: last.cursorAt, id: last.order.id }) : null;
  return { orders: page.map((row) => toSummary(row.order)), next };
}
