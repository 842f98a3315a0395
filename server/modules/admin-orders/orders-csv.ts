import { and, asc, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { orderNumberOf } from '../orders/order-view';
import { cursorAtColumn, istDayRange } from './order-search';

// docs/architecture.md#console-orders-api: the export is read in keyset batches and written as each arrives,
// so the server holds one batch at a time however many orders the range has.

export const CSV_BATCH_SIZE = 500;

const header = [
  'order_number',
  'order_id',
  'created_at',
  'status',
  'payment_status',
  'name',
  'email',
  'phone',
  'city',
  'pincode',
  'total_paise',
  'total_rupees',
];

/**
 * RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. A field a spreadsheet would
 * run as a formula (=, +, -, @ first) is prefixed with an apostrophe.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (fields: (string | number)[]) => `${fields.map(csvField).join(',')}\r\n`;

function afterCursor(cursor: { at: string; id: string }): SQL {
  return sql`(${orders.createdAt}, ${orders.id}) > ((${cursor.at} || '+00')::timestamptz, ${cursor.id}::uuid)`;
}

/** The CSV of the orders placed on the IST days from..to, oldest first, one chunk a batch. */
export async function* ordersCsv(db: Database, from: string, to: string): AsyncGenerator<string> {
  yield csvLine(header);
  let cursor: { at: string; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select({ order: orders, cursorAt: cursorAtColumn })
      .from(orders)
      .where(and(...istDayRange(from, to), cursor ? afterCursor(cursor) : undefined))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(CSV_BATCH_SIZE);
    if (rows.length === 0) return;
    yield rows
      .map(({ order }) =>
        csvLine([
          orderNumberOf(order.id),
          order.id,
          order.createdAt.toISOString(),
          order.status,
          order.paymentStatus,
          order.contact.name,
          order.contact.email,
          order.contact.phone,
          order.shippingAddress.city,
          order.shippingAddress.pincode,
          order.totalPaise,
          (order.totalPaise / 100).toFixed(2),
        ]),
      )
      .join('');
    const last = rows.at(-1);
    if (!last || rows.length < CSV_BATCH_SIZE) return;
    cursor = { at: last.cursorAt, id: last.order.id };
  }
}
