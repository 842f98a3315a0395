import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderMessages } from '../../../contracts/admin-orders';
import { creditNotes, invoices, orderItems, payments } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { newShopper, type PaidOrder, placePaidOrder } from '../../test/order-helpers';
import { useSampleSeller } from '../../test/seller-factory';
import { createStaffMember } from '../../test/staff-factory';
import { orderNumberOf } from '../orders/order-view';
import { csvField, rupeesCell } from './csv-cells';
import { CSV_BATCH_SIZE, orderItemsCsvHeader, ordersCsv, ordersCsvHeader } from './orders-csv';

let app: TestApp;
let owner: { authorization: string };
let support: { authorization: string };

beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000, jobWorkers: false });
  await useSampleSeller(app);
  owner = (await createStaffMember(app, { role: 'owner' })).headers;
  support = (await createStaffMember(app, { role: 'support' })).headers;
});
afterAll(() => app.closeAndDrop());

type Row = Record<string, string>;

async function download(path: 'orders.csv' | 'order-items.csv', query: Record<string, string>) {
  const reply = await app.inject({
    method: 'GET',
    url: `/api/admin/${path}?${new URLSearchParams(query).toString()}`,
    headers: support,
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply;
}

/** The CSV as a spreadsheet reads it: the header names each column. */
async function rowsOf(path: 'orders.csv' | 'order-items.csv', query: Record<string, string>): Promise<Row[]> {
  const reply = await download(path, query);
  expect(reply.body.startsWith('\uFEFF')).toBe(true);
  return parse(reply.body, { bom: true, columns: true, skip_empty_lines: true }) as Row[];
}

const paise = (cell: string | undefined) => Math.round(Number(cell) * 100);

/** An order inserted as it would stand, placed (and paid, unless `paid` is false) at `placedAt`. */
async function insertOrder(options: {
  placedAt: string;
  name?: string;
  email?: string;
  status?: string;
  paymentStatus?: string;
  paid?: boolean;
}) {
  const id = randomUUID();
  const paid = options.paid ?? true;
  await app.db.execute(sql`
    insert into orders (id, status, payment_status, mrp_paise, subtotal_paise, discount_paise, shipping_paise,
      tax_paise, total_paise, cart_fingerprint, contact, shipping_address, billing_address, created_at, paid_at)
    values (${id}, ${options.status ?? 'confirmed'}, ${options.paymentStatus ?? 'paid'}, 99800, 59800, 40000,
      7500, 0, 67300, 'x',
      ${JSON.stringify({ name: options.name ?? 'Meera Iyer', email: options.email ?? 'meera@example.in', phone: '9845012345' })},
      '{"city":"Pune","state":"Maharashtra","pincode":"411001"}', '{}',
      ${options.placedAt}::timestamptz, ${paid ? sql`${options.placedAt}::timestamptz` : null})`);
  return id;
}

describe('the orders CSV', () => {
  it('puts an order on its IST day: 18:20 and 18:40 UTC of one day fall on two days in India', async () => {
    const before = await insertOrder({ placedAt: '2023-03-14T18:20:00Z', email: 'late@example.in' });
    const after = await insertOrder({ placedAt: '2023-03-14T18:40:00Z', email: 'late@example.in' });
    const fourteenth = await rowsOf('orders.csv', { from: '2023-03-14', to: '2023-03-14' });
    expect(fourteenth.map((row) => row['Order number'])).toEqual([orderNumberOf(before)]);
    expect(fourteenth[0]?.['Placed at (IST)']).toBe('2023-03-14 23:50:00');
    const fifteenth = await rowsOf('orders.csv', { from: '2023-03-15', to: '2023-03-15' });
    expect(fifteenth.map((row) => row['Order number'])).toEqual([orderNumberOf(after)]);
    expect(fifteenth[0]?.['Placed at (IST)']).toBe('2023-03-15 00:10:00');
    // The UTC day holds both, the IST days one each.
    const both = await rowsOf('orders.csv', { from: '2023-03-14', to: '2023-03-15' });
    expect(both).toHaveLength(2);
  });

  it('leaves abandoned checkouts out unless the Payment filter asks for them', async () => {
    const placedAt = '2023-04-02T06:00:00Z';
    const paid = await insertOrder({ placedAt });
    const refunded = await insertOrder({ placedAt, status: 'cancelled', paymentStatus: 'refunded' });
    const abandoned = await insertOrder({
      placedAt,
      status: 'cancelled',
      paymentStatus: 'failed',
      paid: false,
    });
    const waiting = await insertOrder({ placedAt, status: 'pending', paymentStatus: 'pending', paid: false });
    const numbers = async (query: Record<string, string>) =>
      (await rowsOf('orders.csv', { from: '2023-04-02', to: '2023-04-02', ...query })).map(
        (row) => row['Order number'],
      );
    expect(await numbers({})).toEqual(
      [paid, refunded].map(orderNumberOf).sort(byPlacement([paid, refunded])),
    );
    expect(await numbers({ paymentStatus: 'failed' })).toEqual([orderNumberOf(abandoned)]);
    expect(await numbers({ status: 'pending', paymentStatus: 'pending' })).toEqual([orderNumberOf(waiting)]);
    expect(await numbers({ status: 'cancelled' })).toEqual([orderNumberOf(refunded)]);
    const items = await rowsOf('order-items.csv', { from: '2023-04-02', to: '2023-04-02' });
    expect(new Set(items.map((row) => row['Order number']))).toEqual(
      new Set([paid, refunded].map(orderNumberOf)),
    );
  });

  it('agrees with the invoice and credit note: IGST out of state, the refund and what is left', async () => {
    const paid = await placePaidOrder(app, { lines: [{ id: 1, quantity: 2 }] });
    const refundPaise = 12_345;
    const refund = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid.orderId}/refunds`,
      headers: { ...owner, 'idempotency-key': 'orders-csv-partial-refund' },
      payload: { amountPaise: refundPaise, reason: 'One mitten arrived torn' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const row = await exportedRow(paid);
    const [invoice] = await app.db.select().from(invoices).where(eq(invoices.orderId, paid.orderId));
    const [note] = await app.db.select().from(creditNotes).where(eq(creditNotes.orderId, paid.orderId));
    const [payment] = await app.db.select().from(payments).where(eq(payments.orderId, paid.orderId));
    expect(row['Invoice number']).toBe(invoice?.number);
    expect(row['Payment id']).toBe(paid.paymentId);
    expect(row['Payment method']).toBe(payment?.method === 'card' ? 'Card' : 'UPI');
    expect(row.Status).toBe('Confirmed');
    expect(row['Payment status']).toBe('Partially refunded');
    expect(row['Ship-to state']).toBe('Karnataka');
    expect(row.Items).toBe('2');
    expect(row['Items summary']).toMatch(/^Face Mitt \(\w+\) x 2$/);
    expect(paise(row['Taxable value (INR)'])).toBe(invoice?.taxablePaise);
    expect(paise(row['IGST (INR)'])).toBe(invoice?.igstPaise);
    expect(paise(row['IGST (INR)'])).toBeGreaterThan(0);
    expect(row['CGST (INR)']).toBe('0.00');
    expect(row['SGST (INR)']).toBe('0.00');
    expect(paise(row['Total (INR)'])).toBe(paid.totalPaise);
    expect(note?.totalPaise).toBe(refundPaise);
    expect(row['Refunded (INR)']).toBe(rupeesCell(refundPaise));
    expect(row['Net (INR)']).toBe(rupeesCell(paid.totalPaise - refundPaise));
    // Amounts are numbers a spreadsheet sums: two decimals, no sign or grouping.
    for (const column of ordersCsvHeader.filter((name) => name.endsWith('(INR)'))) {
      expect(row[column]).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it('an order within the seller state has CGST and SGST, and its items CSV adds up to the invoice', async () => {
    // The sample seller is in Delhi.
    const shopper = await newShopper(app, [], { city: 'New Delhi', state: 'Delhi', pincode: '110016' });
    const paid = await placePaidOrder(app, {
      shopper,
      lines: [
        { id: 1, quantity: 1 },
        { id: 2, quantity: 1 },
      ],
    });
    const row = await exportedRow(paid);
    const [invoice] = await app.db.select().from(invoices).where(eq(invoices.orderId, paid.orderId));
    expect(invoice?.supply).toBe('intra_state');
    expect(paise(row['CGST (INR)'])).toBe(invoice?.cgstPaise);
    expect(paise(row['SGST (INR)'])).toBe(invoice?.sgstPaise);
    expect(paise(row['CGST (INR)'])).toBeGreaterThan(0);
    expect(row['IGST (INR)']).toBe('0.00');
    expect(row['Refunded (INR)']).toBe('0.00');
    expect(row['Net (INR)']).toBe(row['Total (INR)']);

    const lines = (await rowsOf('order-items.csv', dayOf(row))).filter(
      (line) => line['Order number'] === orderNumberOf(paid.orderId),
    );
    const items = await app.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, paid.orderId))
      .orderBy(orderItems.id);
    expect(lines.map((line) => line.SKU)).toEqual([...items.map((item) => item.sku), '']);
    expect(lines.at(-1)?.Product).toBe('Shipping');
    expect(lines.at(-1)?.['HSN/SAC']).toBe('996812');
    expect(lines[0]?.['HSN/SAC']).toBe('63079090');
    expect(lines[0]?.['GST rate (%)']).toBe('5');
    expect(lines[0]?.['Invoice number']).toBe(invoice?.number);
    expect(lines[0]?.['Unit price (INR)']).toBe(rupeesCell(items[0]?.unitPricePaise ?? 0));
    const sum = (column: string) => lines.reduce((total, line) => total + paise(line[column]), 0);
    expect(sum('Taxable value (INR)')).toBe(invoice?.taxablePaise);
    expect(sum('CGST (INR)')).toBe(invoice?.cgstPaise);
    expect(sum('SGST (INR)')).toBe(invoice?.sgstPaise);
    expect(sum('Line total (INR)')).toBe(invoice?.totalPaise);
    expect(Object.keys(lines[0] ?? {})).toEqual([...orderItemsCsvHeader]);
  });

  it('writes a cell a spreadsheet would run as a formula as text', async () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('+91 98450')).toBe("'+91 98450");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField(-5)).toBe('-5');
    await insertOrder({ placedAt: '2023-05-09T06:00:00Z', name: '=HYPERLINK("http://x.test","Pay")' });
    const [row] = await rowsOf('orders.csv', { from: '2023-05-09', to: '2023-05-09' });
    expect(row?.['Shopper name']).toBe('\'=HYPERLINK("http://x.test","Pay")');
  });

  it('refuses a range backwards or too long', async () => {
    for (const path of ['orders.csv', 'order-items.csv']) {
      const backwards = await app.inject({
        method: 'GET',
        url: `/api/admin/${path}?from=2024-02-01&to=2024-01-01`,
        headers: support,
      });
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().message).toBe(adminOrderMessages.rangeBackwards);
      const long = await app.inject({
        method: 'GET',
        url: `/api/admin/${path}?from=2023-01-01&to=2024-01-02`,
        headers: support,
      });
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toBe(adminOrderMessages.csvRangeTooLong);
    }
  });

  it('streams 10,000 orders in batches and parses back', async () => {
    await app.db.execute(sql`
      insert into orders (id, status, payment_status, mrp_paise, subtotal_paise, discount_paise, shipping_paise,
        tax_paise, total_paise, cart_fingerprint, contact, shipping_address, billing_address, created_at, paid_at)
      select gen_random_uuid(), 'confirmed', 'paid', 1000 + n, 1000 + n, 0, 0, 0, 1000 + n, 'x',
        jsonb_build_object('name', 'Asha "A", ' || n, 'email', 'csv' || n || '@example.in', 'phone', '9000000000'),
        '{"city":"Pune","pincode":"411001"}', '{}',
        timestamptz '2022-06-01 00:00:00+05:30' + (n * interval '1 minute'),
        timestamptz '2022-06-01 00:00:00+05:30' + (n * interval '1 minute')
      from generate_series(1, 10000) as n`);
    let chunks = 0;
    for await (const chunk of ordersCsv(app.db, { from: '2022-06-01', to: '2022-06-30' })) {
      chunks += 1;
      expect(chunk.split('\r\n').length - 1).toBeLessThanOrEqual(CSV_BATCH_SIZE);
    }
    expect(chunks).toBe(1 + 10000 / CSV_BATCH_SIZE);

    // Through the route: the reply arrives as a stream of batches, never one buffer of every row.
    const streamed = await app.inject({
      method: 'GET',
      url: '/api/admin/orders.csv?from=2022-06-01&to=2022-06-30',
      headers: support,
      payloadAsStream: true,
    });
    let pieces = 0;
    let largestPiece = 0;
    for await (const piece of streamed.stream()) {
      pieces += 1;
      largestPiece = Math.max(largestPiece, String(piece).split('\r\n').length - 1);
    }
    // A reader may receive two writes at once (the header with the first batch), never the whole export.
    expect(pieces).toBeGreaterThanOrEqual(10);
    expect(largestPiece).toBeLessThanOrEqual(2 * CSV_BATCH_SIZE);

    const reply = await download('orders.csv', { from: '2022-06-01', to: '2022-06-30' });
    expect(reply.headers['content-type']).toContain('text/csv');
    expect(reply.headers['content-disposition']).toBe(
      'attachment; filename="orders-2022-06-01-to-2022-06-30.csv"',
    );
    const rows = parse(reply.body, { bom: true, columns: true }) as Row[];
    expect(rows).toHaveLength(10000);
    expect(rows[0]?.['Shopper name']).toBe('Asha "A", 1');
    expect(rows[0]?.['Placed at (IST)']).toBe('2022-06-01 00:01:00');
    expect(rows[0]?.['Total (INR)']).toBe('10.01');
    expect(rows[0]?.['Invoice number']).toBe('');
    const items = await download('order-items.csv', { from: '2022-05-01', to: '2022-05-31' });
    expect(items.headers['content-disposition']).toBe(
      'attachment; filename="order-items-2022-05-01-to-2022-05-31.csv"',
    );
    expect(items.body).toBe(`\uFEFF${orderItemsCsvHeader.join(',')}\r\n`);
  });
});

/** The IST day of an exported row, as a one-day range. */
function dayOf(row: Row) {
  const day = row['Placed at (IST)']?.slice(0, 10) ?? '';
  return { from: day, to: day };
}

/** The orders CSV row of an order placed just now. */
async function exportedRow(paid: PaidOrder): Promise<Row> {
  const istDay = (at: number) => new Date(at + 330 * 60_000).toISOString().slice(0, 10);
  // From yesterday, in case the day turned in India since the order was placed.
  const rows = await rowsOf('orders.csv', {
    from: istDay(Date.now() - 86_400_000),
    to: istDay(Date.now()),
    q: paid.shopper.email,
  });
  const row = rows.find((candidate) => candidate['Order number'] === orderNumberOf(paid.orderId));
  if (!row) throw new Error(`order ${paid.orderId} is not in the CSV`);
  expect(Object.keys(row)).toEqual([...ordersCsvHeader]);
  return row;
}

/** Sorts order numbers as the CSV lists the orders: same moment, so by id. */
function byPlacement(ids: string[]) {
  const order = [...ids].sort();
  return (a: string, b: string) =>
    order.findIndex((id) => orderNumberOf(id) === a) - order.findIndex((id) => orderNumberOf(id) === b);
}
