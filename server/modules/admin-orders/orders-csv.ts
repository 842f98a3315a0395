import { and, asc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AdminOrdersCsvQuery } from '../../../contracts/admin-orders';
import { orderStatusLabel } from '../../../contracts/order-status';
import type { Database } from '../../db/client';
import { type DocumentLine, invoices, orderItems, orders, payments } from '../../db/schema';
import { COD_FEE_DESCRIPTION } from '../invoices/issue-documents';
import { moneyOfOrders } from '../order-money/append-entries';
import { moneyOf, type OrderMoney } from '../order-money/money-of';
import { orderNumberOf } from '../orders/order-view';
import { csvLine, istDateTimeCell, rupeesCell, UTF8_BOM } from './csv-cells';
import { cursorAtColumn, istDayRange, searchCondition } from './order-search';

// docs/architecture.md#console-orders-api: the exports are read in keyset batches and written as each arrives,
// so the server holds one batch at a time however many orders the range has. docs/operations.md#exports says
// what each column holds.

export const CSV_BATCH_SIZE = 500;

type OrderRow = typeof orders.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** One order with what its rows need: its invoice, its paying payment, its money record. */
interface ExportedOrder {
  order: OrderRow;
  invoice: InvoiceRow | undefined;
  payment: { razorpayPaymentId: string; method: string | null } | undefined;
  items: ItemRow[];
  money: OrderMoney;
}

const paymentStatusLabels: Record<OrderRow['paymentStatus'], string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
  // Cash on delivery (docs/product.md#cod-money).
  cod_due: 'Cash on delivery',
  collected: 'Paid (cash on delivery)',
};

// Razorpay's names for how a payment was made.
const paymentMethodLabels: Record<string, string> = {
  card: 'Card',
  upi: 'UPI',
  netbanking: 'Net banking',
  wallet: 'Wallet',
  emi: 'EMI',
  cardless_emi: 'Cardless EMI',
  paylater: 'Pay later',
  bank_transfer: 'Bank transfer',
};

const paymentMethodLabel = (method: string | null) => (method ? (paymentMethodLabels[method] ?? method) : '');

/**
 * Which orders an export holds: placed on the IST days from..to and matching the list's filters. Without a
 * Payment filter only placed orders, the ones paid at some point (cancelled and refunded ones included): an
 * abandoned checkout was never a sale.
 */
async function exportConditions(db: Database, query: AdminOrdersCsvQuery): Promise<(SQL | undefined)[]> {
  return [
    ...istDayRange(query.from, query.to),
    query.q ? await searchCondition(db, query.q) : undefined,
    query.status ? eq(orders.status, query.status) : undefined,
    // A cash-on-delivery order is placed once its shopper confirmed it (docs/product.md#cash-on-delivery).
    query.paymentStatus
      ? eq(orders.paymentStatus, query.paymentStatus)
      : or(isNotNull(orders.paidAt), isNotNull(orders.codConfirmedAt)),
  ];
}

function afterCursor(cursor: { at: string; id: string }): SQL {
  return sql`(${orders.createdAt}, ${orders.id}) > ((${cursor.at} || '+00')::timestamptz, ${cursor.id}::uuid)`;
}

/**
 * `column = any('{…}'::uuid[])`: one parameter for the whole batch. PostgreSQL plans it as `in (…)`, and PGlite
 * reads one array five times faster than 500 parameters.
 */
const isOneOf = (column: PgColumn, ids: readonly string[]) =>
  sql`${column} = any(${`{${ids.join(',')}}`}::uuid[])`;

async function detailsOf(db: Database, batch: OrderRow[]): Promise<ExportedOrder[]> {
  const ids = batch.map((order) => order.id);
  const [invoiceRows, payingPayments, itemRows, money] = await Promise.all([
    db.select().from(invoices).where(isOneOf(invoices.orderId, ids)),
    // The paying payment is the first captured one (docs/architecture.md#refunds); a stray one is not the order's.
    db
      .selectDistinctOn([payments.orderId], {
        orderId: payments.orderId,
        razorpayPaymentId: payments.razorpayPaymentId,
        method: payments.method,
      })
      .from(payments)
      .where(and(isOneOf(payments.orderId, ids), inArray(payments.status, ['captured', 'refunded'])))
      .orderBy(payments.orderId, asc(payments.createdAt), asc(payments.id)),
    db
      .select()
      .from(orderItems)
      .where(isOneOf(orderItems.orderId, ids))
      .orderBy(asc(orderItems.orderId), asc(orderItems.id)),
    moneyOfOrders(db, ids),
  ]);
  const invoiceOf = new Map(invoiceRows.map((row) => [row.orderId, row]));
  const paymentOf = new Map(payingPayments.map(({ orderId, ...payment }) => [orderId, payment]));
  const itemsOf = new Map<string, ItemRow[]>();
  for (const item of itemRows) itemsOf.set(item.orderId, [...(itemsOf.get(item.orderId) ?? []), item]);
  return batch.map((order) => ({
    order,
    invoice: invoiceOf.get(order.id),
    payment: paymentOf.get(order.id),
    items: itemsOf.get(order.id) ?? [],
    money: money.get(order.id) ?? moneyOf([]),
  }));
}

/** The orders of an export, oldest placed first, a batch at a time. */
async function* exportedOrders(db: Database, query: AdminOrdersCsvQuery): AsyncGenerator<ExportedOrder[]> {
  const conditions = await exportConditions(db, query);
  let cursor: { at: string; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select({ order: orders, cursorAt: cursorAtColumn })
      .from(orders)
      .where(and(...conditions, cursor ? afterCursor(cursor) : undefined))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(CSV_BATCH_SIZE);
    if (rows.length === 0) return;
    yield await detailsOf(
      db,
      rows.map((row) => row.order),
    );
    const last = rows.at(-1);
    if (!last || rows.length < CSV_BATCH_SIZE) return;
    cursor = { at: last.cursorAt, id: last.order.id };
  }
}

export const ordersCsvHeader = [
  'Order number',
  'Placed at (IST)',
  'Status',
  'Payment status',
  'Shopper name',
  'E-mail',
  'Phone',
  'Ship-to city',
  'Ship-to state',
  'Ship-to pincode',
  'Invoice number',
  'Invoice date (IST)',
  'Payment id',
  'Payment method',
  'Items',
  'Items summary',
  'Taxable value (INR)',
  'CGST (INR)',
  'SGST (INR)',
  'IGST (INR)',
  'Shipping (INR)',
  'COD fee (INR)',
  'Discount (INR)',
  'Coupon code',
  'Coupon discount (INR)',
  'Prepaid offer (INR)',
  'Total (INR)',
  'Refunded (INR)',
  'Net (INR)',
] as const;

const taxCells = (invoice: InvoiceRow | undefined) =>
  invoice
    ? [invoice.taxablePaise, invoice.cgstPaise, invoice.sgstPaise, invoice.igstPaise].map(rupeesCell)
    : ['', '', '', ''];

/** docs/architecture.md#money-record: a COD order whose charges were voided was never paid, nor is it due. */
function paymentCell({ order, money }: ExportedOrder): string {
  const voided =
    order.paymentStatus === 'cod_due' && money.collectedPaise === 0 && money.charged.totalPaise === 0;
  return voided ? 'Not collected' : paymentStatusLabels[order.paymentStatus];
}

function orderFields(exported: ExportedOrder): (string | number)[] {
  const { order, invoice, payment, items } = exported;
  const totalPaise = invoice?.totalPaise ?? order.totalPaise;
  const { money } = exported;
  return [
    orderNumberOf(order.id),
    istDateTimeCell(order.createdAt),
    orderStatusLabel(order.status),
    paymentCell(exported),
    order.contact.name,
    order.contact.email,
    order.contact.phone,
    order.shippingAddress.city ?? '',
    order.shippingAddress.state ?? '',
    order.shippingAddress.pincode ?? '',
    invoice?.number ?? '',
    invoice ? istDateTimeCell(invoice.issuedAt) : '',
    payment?.razorpayPaymentId ?? '',
    order.paymentMethod === 'COD' ? 'Cash on delivery' : paymentMethodLabel(payment?.method ?? null),
    items.reduce((units, item) => units + item.quantity, 0),
    items.map((item) => `${item.title} (${item.size}) x ${item.quantity}`).join('; '),
    ...taxCells(invoice),
    rupeesCell(order.shippingPaise),
    rupeesCell(order.codFeePaise),
    rupeesCell(order.discountPaise),
    // docs/product.md#money: the total is after the code's discount.
    order.couponCode ?? '',
    rupeesCell(order.couponDiscountPaise),
    // docs/product.md#prepaid-offer: what paying online took off after the code, as the record charged it.
    rupeesCell(money.charged.prepaidDiscountPaise),
    rupeesCell(totalPaise),
    // docs/architecture.md#money-record: what went back, and what was received and kept.
    rupeesCell(money.refundedPaise),
    rupeesCell(money.netPaise),
  ];
}

/** The orders CSV: one row an order placed on the IST days from..to, oldest first, one chunk a batch. */
export async function* ordersCsv(db: Database, query: AdminOrdersCsvQuery): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(ordersCsvHeader);
  for await (const batch of exportedOrders(db, query)) {
    yield batch.map((exported) => csvLine(orderFields(exported))).join('');
  }
}

export const orderItemsCsvHeader = [
  'Order number',
  'Placed at (IST)',
  'Invoice number',
  'Invoice date (IST)',
  'SKU',
  'Product',
  'HSN/SAC',
  'Quantity',
  'Unit price (INR)',
  'Discount (INR)',
  'Taxable value (INR)',
  'GST rate (%)',
  'CGST (INR)',
  'SGST (INR)',
  'IGST (INR)',
  'Line total (INR)',
] as const;

/**
 * An invoiced order's lines are its invoice's: the items in the order they were bought (the invoice was made
 * from them in that order, docs/product.md#gst-invoices), then shipping. An order without an invoice lists its
 * items and shipping with no tax.
 */
function lineRowsOf({ order, invoice, items }: ExportedOrder): (string | number)[][] {
  const lead = [
    orderNumberOf(order.id),
    istDateTimeCell(order.createdAt),
    invoice?.number ?? '',
    invoice ? istDateTimeCell(invoice.issuedAt) : '',
  ];
  if (invoice) {
    return invoice.lines.map((line: DocumentLine, index) => [
      ...lead,
      items[index]?.sku ?? '',
      line.description,
      line.hsnCode,
      line.quantity,
      rupeesCell(line.quantity > 0 ? line.totalPaise / line.quantity : line.totalPaise),
      rupeesCell(line.discountPaise),
      rupeesCell(line.taxablePaise),
      String(line.rateBasisPoints / 100),
      rupeesCell(line.cgstPaise),
      rupeesCell(line.sgstPaise),
      rupeesCell(line.igstPaise),
      rupeesCell(line.totalPaise),
    ]);
  }
  const untaxed = (
    sku: string,
    product: string,
    quantity: number,
    unitPaise: number,
    discountPaise: number,
    totalPaise = unitPaise * quantity,
  ) => [
    ...lead,
    sku,
    product,
    '',
    quantity,
    rupeesCell(unitPaise),
    rupeesCell(discountPaise),
    '',
    '',
    '',
    '',
    '',
    rupeesCell(totalPaise),
  ];
  // A line given for nothing (a replacement's) was not sold at a discount: nil, as on the orders CSV.
  const rows = items.map((item) =>
    untaxed(
      item.sku,
      `${item.title} (${item.size})`,
      item.quantity,
      item.unitPricePaise,
      // The product's discount and the line's shares of the code's and the prepaid offer's: the line total is
      // what was paid for it.
      item.unitPricePaise === 0
        ? 0
        : (item.unitMrpPaise - item.unitPricePaise) * item.quantity +
            item.couponSharePaise +
            item.prepaidSharePaise,
      item.unitPricePaise * item.quantity - item.couponSharePaise - item.prepaidSharePaise,
    ),
  );
  if (order.shippingPaise > 0) rows.push(untaxed('', 'Shipping', 1, order.shippingPaise, 0));
  // docs/product.md#cash-on-delivery: the fee is a line of the order until its invoice prints it.
  if (order.codFeePaise > 0) rows.push(untaxed('', COD_FEE_DESCRIPTION, 1, order.codFeePaise, 0));
  return rows;
}

/** The items CSV: one row a line of each order the orders CSV holds, in the same order. */
export async function* orderItemsCsv(db: Database, query: AdminOrdersCsvQuery): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(orderItemsCsvHeader);
  for await (const batch of exportedOrders(db, query)) {
    yield batch.flatMap((exported) => lineRowsOf(exported).map(csvLine)).join('');
  }
}
