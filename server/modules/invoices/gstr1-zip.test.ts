import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { inArray } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { indianStates } from '../../../contracts/india-states';
import { type creditNotes, orderItems, orders, products, shopSettings, staffRefunds } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { sampleSeller, useSampleSeller } from '../../test/seller-factory';
import { testProfile } from '../../test/shopper-factory';
import { createStaffMember } from '../../test/staff-factory';
import { B2CL_THRESHOLD_PAISE, GOODS_UQC, gstr1Headers, hsnFileName, toolDate } from './gstr1-files';
import { gstr1PlacesOfSupply, placeOfSupplyLabel } from './gstr1-place-of-supply';
import { gstr1Readme } from './gstr1-zip';
import { creditNoteReasons, type InvoiceRow, issueCreditNote, issueInvoice } from './issue-documents';

const TEMPLATES = join(import.meta.dirname, 'gstr1-templates');
const MONTH = '2031-01';

let app: TestApp;
let owner: { authorization: string };
let ownerId: string;
const issued: { invoices: InvoiceRow[]; notes: (typeof creditNotes.$inferSelect)[] } = {
  invoices: [],
  notes: [],
};

/** An order shipped to `place` with these lines, inserted as checkout leaves it (5% goods, ₹75 shipping). */
async function orderTo(place: { city: string; state: string; pincode: string }, lines: [number, number][]) {
  const id = randomUUID();
  const rows = await app.db
    .select()
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map(([productId]) => productId),
      ),
    );
  const items = lines.map(([productId, quantity]) => {
    const product = rows.find((row) => row.id === productId);
    if (!product) throw new Error(`no product ${productId}`);
    const unitPricePaise = Math.round((product.pricePaise * (100 - product.discountPercent)) / 100);
    return {
      orderId: id,
      productId,
      title: product.title,
      description: product.description,
      image: product.images[0] ?? '',
      sku: product.sku,
      category: product.category,
      brand: product.brand,
      size: 'M' as const,
      quantity,
      unitMrpPaise: product.pricePaise,
      discountPercent: product.discountPercent,
      unitPricePaise,
    };
  });
  const subtotal = items.reduce((sum, item) => sum + item.unitPricePaise * item.quantity, 0);
  const mrp = items.reduce((sum, item) => sum + item.unitMrpPaise * item.quantity, 0);
  const address = { ...testProfile, ...place };
  await app.db.insert(orders).values({
    id,
    status: 'confirmed',
    paymentStatus: 'paid',
    mrpPaise: mrp,
    subtotalPaise: subtotal,
    discountPaise: mrp - subtotal,
    shippingPaise: 7500,
    taxPaise: 0,
    totalPaise: subtotal + 7500,
    cartFingerprint: id,
    contact: { name: 'Asha Rao', email: 'asha@example.in', phone: '9845012345' },
    shippingAddress: address,
    billingAddress: address,
  });
  await app.db.insert(orderItems).values(items);
  return id;
}

async function invoice(orderId: string, at: string) {
  const row = await app.db.transaction((tx) => issueInvoice(tx, orderId, new Date(at)));
  issued.invoices.push(row);
  return row;
}

async function creditNote(orderId: string, amountPaise: number, at: string, staffReason?: string) {
  const razorpayRefundId = `rfnd_${randomUUID().slice(0, 12)}`;
  if (staffReason) {
    await app.db.insert(staffRefunds).values({
      idempotencyKey: razorpayRefundId,
      orderId,
      staffId: ownerId,
      amountPaise,
      reason: staffReason,
      razorpayRefundId,
    });
  }
  const note = await app.db.transaction((tx) =>
    issueCreditNote(tx, { orderId, razorpayRefundId, amountPaise }, new Date(at)),
  );
  if (!note) throw new Error('no credit note');
  issued.notes.push(note);
  return note;
}

const bengaluru = { city: 'Bengaluru', state: 'Karnataka', pincode: '560001' };
const delhi = { city: 'New Delhi', state: 'Delhi', pincode: '110016' };
const mumbai = { city: 'Mumbai', state: 'Maharashtra', pincode: '400001' };

let small: InvoiceRow;
let local: InvoiceRow;
let large: InvoiceRow;
let december: InvoiceRow;
let firstMinute: InvoiceRow;

beforeAll(async () => {
  app = await buildTestApp({ jobWorkers: false });
  await useSampleSeller(app);
  const member = await createStaffMember(app, { role: 'owner' });
  owner = member.headers;
  ownerId = member.staffId;
  // The sample seller is in Delhi. December's last minute in India is still December; a minute later, January.
  december = await invoice(await orderTo(bengaluru, [[1, 1]]), '2030-12-31T18:29:00Z');
  firstMinute = await invoice(await orderTo(mumbai, [[3, 1]]), '2030-12-31T18:31:00Z');
  small = await invoice(
    await orderTo(bengaluru, [
      [1, 2],
      [2, 1],
    ]),
    '2031-01-05T06:00:00Z',
  );
  local = await invoice(await orderTo(delhi, [[2, 3]]), '2031-01-09T06:00:00Z');
  large = await invoice(await orderTo(mumbai, [[2, 200]]), '2031-01-12T06:00:00Z');
  // A cancellation's full refund, a console refund of a large invoice, and one of December's invoice.
  await creditNote(small.orderId, small.totalPaise, '2031-01-06T06:00:00Z');
  await creditNote(large.orderId, 500_000, '2031-01-20T06:00:00Z', 'Two mittens arrived torn');
  await creditNote(december.orderId, 10_000, '2031-01-31T18:20:00Z', 'Late delivery');
});
afterAll(() => app.closeAndDrop());

async function download(month: string, headers = owner) {
  return app.inject({ method: 'GET', url: `/api/admin/gstr1.zip?month=${month}`, headers });
}

async function filesOf(month: string): Promise<Record<string, string>> {
  const reply = await download(month);
  expect(reply.statusCode, reply.body).toBe(200);
  return Object.fromEntries(
    Object.entries(unzipSync(reply.rawPayload)).map(([name, bytes]) => [name, strFromU8(bytes)]),
  );
}

const rowsOf = (csv: string | undefined) =>
  parse(csv ?? '', { columns: true, skip_empty_lines: true }) as Record<string, string>[];
const paise = (cell: string | undefined) => Math.round(Number(cell) * 100);
const sum = (rows: Record<string, string>[], column: string) =>
  rows.reduce((total, row) => total + paise(row[column]), 0);

const inMonth = <T extends { issuedAt: Date }>(rows: T[]) =>
  rows.filter((row) => new Date(row.issuedAt.getTime() + 330 * 60_000).toISOString().startsWith(MONTH));
const total = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((sum, row) => sum + pick(row), 0);

describe('the GSTR-1 zip', () => {
  it("carries each section as the offline tool's CSV file, under its template's header", async () => {
    const files = await filesOf(MONTH);
    expect(Object.keys(files).sort()).toEqual([
      'README.txt',
      'b2cl.csv',
      'b2cs.csv',
      'cdnur.csv',
      'docs.csv',
      'hsn(b2c).csv',
    ]);
    const templates = (await readdir(TEMPLATES)).filter((name) => name.endsWith('.csv'));
    expect(templates.sort()).toEqual([
      'b2cl.csv',
      'b2cs.csv',
      'cdnur.csv',
      'docs.csv',
      'hsn(b2c).csv',
      'hsn.csv',
    ]);
    for (const [name, text] of Object.entries(files).filter(([name]) => name.endsWith('.csv'))) {
      const template = await readFile(join(TEMPLATES, name), 'utf8');
      expect(text.split('\r\n')[0], name).toBe(template.split(/\r?\n/)[0]);
    }
    // The code's own copy of the headers is the templates', for the files a month may not have.
    for (const [section, header] of Object.entries(gstr1Headers)) {
      const template = await readFile(join(TEMPLATES, `${section}.csv`), 'utf8');
      expect(header).toBe(template.split(/\r?\n/)[0]);
    }
  });

  it("sums the month's invoices less its credit notes, by IST dates", async () => {
    const files = await filesOf(MONTH);
    const monthInvoices = inMonth(issued.invoices);
    const monthNotes = inMonth(issued.notes);
    expect(monthInvoices.map((row) => row.number)).toEqual(
      [firstMinute, small, local, large].map((row) => row.number),
    );
    expect(monthNotes).toHaveLength(3);
    const b2cs = rowsOf(files['b2cs.csv']);
    const b2cl = rowsOf(files['b2cl.csv']);
    const cdnur = rowsOf(files['cdnur.csv']);
    const hsn = rowsOf(files['hsn(b2c).csv']);
    const taxable =
      total(monthInvoices, (row) => row.taxablePaise) - total(monthNotes, (row) => row.taxablePaise);
    expect(sum(b2cs, 'Taxable Value') + sum(b2cl, 'Taxable Value') - sum(cdnur, 'Taxable Value')).toBe(
      taxable,
    );
    expect(sum(hsn, 'Taxable Value')).toBe(taxable);
    expect(sum(hsn, 'Total Value')).toBe(
      total(monthInvoices, (row) => row.totalPaise) - total(monthNotes, (row) => row.totalPaise),
    );
    for (const [column, pick] of [
      ['Integrated Tax Amount', (row: InvoiceRow) => row.igstPaise],
      ['Central Tax Amount', (row: InvoiceRow) => row.cgstPaise],
      ['State/UT Tax Amount', (row: InvoiceRow) => row.sgstPaise],
    ] as const) {
      expect(sum(hsn, column), column).toBe(total(monthInvoices, pick) - total(monthNotes, pick));
    }
    expect(sum(hsn, 'Central Tax Amount')).toBeGreaterThan(0);
  });

  it('writes places of supply, rates and dates as the tool does, and B2C large invoice by invoice', async () => {
    const files = await filesOf(MONTH);
    const b2cs = rowsOf(files['b2cs.csv']);
    expect(new Set(b2cs.map((row) => row['Place Of Supply']))).toEqual(
      new Set(['29-Karnataka', '07-Delhi', '27-Maharashtra']),
    );
    expect(b2cs.every((row) => row.Type === 'OE' && row.Rate === '5')).toBe(true);
    // One row a place of supply and rate: the tool keeps the last of two alike.
    expect(new Set(b2cs.map((row) => `${row['Place Of Supply']}|${row.Rate}`)).size).toBe(b2cs.length);
    // Karnataka: the cancelled order nets to nothing; December's invoice's credit note comes off January.
    const karnataka = b2cs.find((row) => row['Place Of Supply'] === '29-Karnataka');
    const decemberNote = issued.notes.find((note) => note.orderId === december.orderId);
    expect(paise(karnataka?.['Taxable Value'])).toBe(-(decemberNote?.taxablePaise ?? 0));

    expect(large.totalPaise).toBeGreaterThan(B2CL_THRESHOLD_PAISE);
    const b2cl = rowsOf(files['b2cl.csv']);
    expect(b2cl).toEqual([
      {
        'Invoice Number': large.number,
        'Invoice date': '12-Jan-2031',
        'Invoice Value': (large.totalPaise / 100).toFixed(2),
        'Place Of Supply': '27-Maharashtra',
        'Applicable % of Tax Rate': '',
        Rate: '5',
        'Taxable Value': (large.taxablePaise / 100).toFixed(2),
        'Cess Amount': '',
        'E-Commerce GSTIN': '',
      },
    ]);
    const note = issued.notes.find((row) => row.orderId === large.orderId);
    expect(rowsOf(files['cdnur.csv'])).toEqual([
      {
        'UR Type': 'B2CL',
        'Note Number': note?.number,
        'Note Date': '20-Jan-2031',
        'Note Type': 'C',
        'Place Of Supply': '27-Maharashtra',
        'Note Value': '5000.00',
        'Applicable % of Tax Rate': '',
        Rate: '5',
        'Taxable Value': ((note?.taxablePaise ?? 0) / 100).toFixed(2),
        'Cess Amount': '',
      },
    ]);
    expect(toolDate(new Date('2031-01-31T18:20:00Z'))).toBe('31-Jan-2031');
    expect(toolDate(new Date('2031-01-31T18:40:00Z'))).toBe('01-Feb-2031');
  });

  it('lists HSN rows with their unit: mittens in numbers, shipping as a service', async () => {
    const hsn = rowsOf((await filesOf(MONTH))['hsn(b2c).csv']);
    const goods = hsn.find((row) => row.HSN === '63079090');
    const shipping = hsn.find((row) => row.HSN === '996812');
    expect(goods?.UQC).toBe(GOODS_UQC);
    expect(GOODS_UQC).toBe('NOS-NUMBERS');
    // Sold: 1 (first minute) + 3 (Delhi) + 200 (large); the cancelled order's 3 were never supplied.
    expect(goods?.['Total Quantity']).toBe('204');
    expect(goods?.Rate).toBe('5');
    expect(goods?.Description).toMatch(/^[ A-Za-z0-9_@./&-]{1,30}$/);
    expect(shipping).toMatchObject({ UQC: 'NA', 'Total Quantity': '0', Description: 'Shipping', Rate: '5' });
  });

  it("lists the month's documents for Table 13, each series from its first number to its last", async () => {
    const docs = rowsOf((await filesOf(MONTH))['docs.csv']);
    const notes = inMonth(issued.notes).sort((a, b) => a.sequence - b.sequence);
    expect(docs).toEqual([
      {
        'Nature of Document': 'Invoices for outward supply',
        'Sr. No. From': firstMinute.number,
        'Sr. No. To': large.number,
        'Total Number': '4',
        Cancelled: '0',
      },
      {
        'Nature of Document': 'Credit Note',
        'Sr. No. From': notes[0]?.number,
        'Sr. No. To': notes.at(-1)?.number,
        'Total Number': '3',
        Cancelled: '0',
      },
    ]);
    expect(issued.notes.find((note) => note.orderId === small.orderId)?.reason).toBe(
      creditNoteReasons.cancelled,
    );
  });

  it('names the HSN file as the tool did before May 2025, and a month with nothing has headers only', async () => {
    expect(hsnFileName('2025-04')).toBe('hsn.csv');
    expect(hsnFileName('2025-05')).toBe('hsn(b2c).csv');
    const files = await filesOf('2025-04');
    expect(Object.keys(files).sort()).toEqual(['README.txt', 'b2cs.csv', 'docs.csv', 'hsn.csv']);
    expect(files['hsn.csv']).toBe(`${gstr1Headers.hsn}\r\n`);
    expect(files['docs.csv']).toBe(`${gstr1Headers.docs}\r\n`);
  });

  it("is for owners, as a zip named for the settings' GSTIN and the month; a bad month is refused", async () => {
    const reply = await download(MONTH);
    expect(reply.headers['content-type']).toBe('application/zip');
    expect(reply.headers['content-disposition']).toBe(
      `attachment; filename="gstr1-${sampleSeller.gstin}-${MONTH}.zip"`,
    );
    const support = (await createStaffMember(app, { role: 'support' })).headers;
    expect((await download(MONTH, support)).statusCode).toBe(403);
    const bad = await download('2031-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose a month as YYYY-MM.');
  });
});

// docs/operations.md#exports: the offline tool files the return under the filer's GSTIN and a tax period; the
// zip carries both from the settings, as the invoices carry the settings' seller.
describe("the GSTR-1 zip's GSTIN", () => {
  const bengaluru = { legalName: 'Silk Route Textiles LLP', gstin: '29AAGCB7383J1Z4' };
  afterEach(() => useSampleSeller(app));

  it("is the settings' own, in its name and its README with the tax period", async () => {
    const files = await filesOf(MONTH);
    expect(files['README.txt']).toBe(
      [
        `GSTR-1 of ${sampleSeller.legalName}, GSTIN ${sampleSeller.gstin}`,
        'January 2031 (tax period 012031)',
        '',
        'Import each CSV file into the GST offline tool (GSTR-1) under this GSTIN and tax period.',
        '',
      ].join('\r\n'),
    );

    await app.db.update(shopSettings).set(bengaluru);
    const reply = await download(MONTH);
    expect(reply.headers['content-disposition']).toBe(
      `attachment; filename="gstr1-29AAGCB7383J1Z4-${MONTH}.zip"`,
    );
    const readme = strFromU8(unzipSync(reply.rawPayload)['README.txt'] ?? new Uint8Array());
    expect(readme).toContain('GSTR-1 of Silk Route Textiles LLP, GSTIN 29AAGCB7383J1Z4\r\n');
    // The month's documents were issued under the sample seller: the README says so.
    expect(readme).toContain(
      `This month's invoices and credit notes were issued under: ${sampleSeller.gstin}.`,
    );
  });

  it('says it is missing, and what to do, while the settings have none', async () => {
    await app.db.update(shopSettings).set({ legalName: '', gstin: '' });
    const reply = await download(MONTH);
    expect(reply.headers['content-disposition']).toBe(`attachment; filename="gstr1-${MONTH}.zip"`);
    const readme = strFromU8(unzipSync(reply.rawPayload)['README.txt'] ?? new Uint8Array());
    expect(readme.split('\r\n').slice(0, 4)).toEqual([
      'GSTR-1: the seller’s GSTIN is not in the settings',
      'January 2031 (tax period 012031)',
      '',
      'Fill in the seller’s GSTIN in the console’s Settings before filing: the return is filed under it.',
    ]);
  });

  it("leaves the note of other GSTINs out when the month's documents carry the settings' one", () => {
    expect(gstr1Readme('2026-11', bengaluru, [bengaluru.gstin])).not.toContain('issued under');
    expect(gstr1Readme('2026-11', bengaluru, [])).toContain('November 2026 (tax period 112026)');
  });
});

describe('places of supply', () => {
  it("has the tool's label for every state and union territory an address can name", () => {
    for (const state of indianStates) expect(gstr1PlacesOfSupply[state.code], state.name).toBeDefined();
    expect(placeOfSupplyLabel('29')).toBe('29-Karnataka');
    expect(placeOfSupplyLabel('34')).toBe('34-Pondicherry');
    expect(placeOfSupplyLabel('')).toBe('');
  });
});
