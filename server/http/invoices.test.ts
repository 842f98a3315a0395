import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderTaxDocuments } from '../../contracts/invoices';
import { creditNotes, invoices, orderItems, orders } from '../db/schema';
import { paymentDeps } from '../flows/deps';
import { refundCancelledOrder } from '../flows/refunds';
import { creditNoteReasons, issueInvoice } from '../modules/invoices/issue-documents';
import type { Notifier } from '../modules/notifications/notifier';
import type { EmailMessage } from '../modules/notifications/transports';
import { sendOrderEmail } from '../modules/orders/order-email';
import { orderNumberOf } from '../modules/orders/order-view';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { newShopper, orderRow, type PaidOrder, placePaidOrder } from '../test/order-helpers';
import { useSampleSeller } from '../test/seller-factory';
import { createStaffMember } from '../test/staff-factory';

let app: TestApp;
let owner: { authorization: string };
let paid: PaidOrder;

beforeAll(async () => {
  app = await buildTestApp();
  await useSampleSeller(app);
  owner = (await createStaffMember(app, { role: 'owner' })).headers;
  // The factory's shopper lives in Bengaluru: inter-state from the sample seller in Delhi.
  paid = await placePaidOrder(app, { lines: [{ id: 1, quantity: 2 }] });
});
afterAll(() => app.closeAndDrop());

/** A copy of the paid order (same items), unpaid and uninvoiced, shipped to another state if given. */
async function orderCopy(state?: string): Promise<string> {
  const source = await orderRow(app, paid.orderId);
  const id = randomUUID();
  const shippingAddress = state ? { ...source.shippingAddress, state, pincode: '' } : source.shippingAddress;
  await app.db.insert(orders).values({ ...source, id, razorpayOrderId: null, shippingAddress });
  const items = await app.db.select().from(orderItems).where(eq(orderItems.orderId, paid.orderId));
  await app.db.insert(orderItems).values(items.map(({ id: _id, ...item }) => ({ ...item, orderId: id })));
  return id;
}

const issue = (orderId: string, at: Date) => app.db.transaction((tx) => issueInvoice(tx, orderId, at));
const sequenceOf = (number: string) => Number(number.split('/').at(-1));

describe('tax invoices', () => {
  it('a paid order gets one invoice, inter-state with IGST, adding up to what was paid', async () => {
    const rows = await app.db.select().from(invoices).where(eq(invoices.orderId, paid.orderId));
    expect(rows).toHaveLength(1);
    const invoice = rows[0];
    expect(invoice?.number).toMatch(/^INV\/\d{4}\/\d{6}$/);
    expect(invoice?.supply).toBe('inter_state');
    expect(invoice?.buyer.placeOfSupply).toEqual({ code: '29', name: 'Karnataka' });
    expect(invoice?.totalPaise).toBe(paid.totalPaise);
    expect(invoice?.cgstPaise).toBe(0);
    expect(invoice?.igstPaise).toBeGreaterThan(0);
    expect(invoice?.seller.gstin).toBe('07AAFCO1234K1ZI');
    expect(invoice?.lines[0]?.hsnCode).toBe('63079090');
  });

  it('an order to Delhi, the seller state, has CGST and SGST and no IGST', async () => {
    const invoice = await issue(await orderCopy('New Delhi'), new Date());
    expect(invoice.supply).toBe('intra_state');
    expect(invoice.placeOfSupplyCode).toBe('07');
    expect(invoice.cgstPaise).toBeGreaterThan(0);
    expect(invoice.cgstPaise).toBe(invoice.sgstPaise);
    expect(invoice.igstPaise).toBe(0);
    expect(invoice.taxablePaise + invoice.cgstPaise + invoice.sgstPaise).toBe(paid.totalPaise);
  });

  it('50 concurrent confirmations take 50 consecutive numbers, no gap, no duplicate', async () => {
    const at = new Date('2031-06-15T06:00:00Z');
    const ids = await Promise.all(Array.from({ length: 50 }, () => orderCopy()));
    const issued = await Promise.all(ids.map((id) => issue(id, at)));
    const sequences = issued.map((invoice) => sequenceOf(invoice.number)).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    expect(new Set(issued.map((invoice) => invoice.number)).size).toBe(50);
    expect(issued.every((invoice) => invoice.number.startsWith('INV/3132/'))).toBe(true);
  });

  it('the series restarts at 1 on 1 April, India time', async () => {
    const march = await issue(await orderCopy(), new Date('2033-03-31T18:29:00Z'));
    const april = await issue(await orderCopy(), new Date('2033-03-31T18:31:00Z'));
    expect(march.number).toBe('INV/3233/000001');
    expect(april.number).toBe('INV/3334/000001');
  });

  it('issuing again returns the same invoice', async () => {
    const again = await issue(paid.orderId, new Date());
    const [first] = await app.db.select().from(invoices).where(eq(invoices.orderId, paid.orderId));
    expect(again.number).toBe(first?.number);
  });
});

describe('downloads', () => {
  it("the shopper downloads their invoice; another shopper's order is 404", async () => {
    const documents = await app.inject({
      method: 'GET',
      url: `/api/orders/${paid.orderId}/documents`,
      headers: paid.shopper.headers,
    });
    expect(documents.statusCode).toBe(200);
    const { invoice } = documents.json<OrderTaxDocuments>();
    const pdf = await app.inject({ method: 'GET', url: invoice?.url ?? '', headers: paid.shopper.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const stranger = await newShopper(app, []);
    const refused = await app.inject({ method: 'GET', url: invoice?.url ?? '', headers: stranger.headers });
    expect(refused.statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'GET', url: invoice?.url ?? '' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("the PDF's text has the number, GSTIN, HSN, place of supply and the total", async () => {
    const [invoice] = await app.db.select().from(invoices).where(eq(invoices.orderId, paid.orderId));
    const pdf = await app.inject({
      method: 'GET',
      url: `/api/admin/orders/${paid.orderId}/invoice.pdf`,
      headers: owner,
    });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    const total = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 2,
    }).format(paid.totalPaise / 100);
    expect(text).toContain(invoice?.number);
    expect(text).toContain('GSTIN: 07AAFCO1234K1ZI');
    expect(text).toContain('63079090');
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toContain(`Order number: ${orderNumberOf(paid.orderId)}`);
    expect(text).toContain(`Total: ${total}`);
  });
});

describe('the order-confirmed e-mail', () => {
  it('carries the invoice as a PDF', async () => {
    const sent: EmailMessage[] = [];
    const notifier: Notifier = {
      outboxEnabled: true,
      email: async (message) => {
        sent.push(message);
      },
      sms: async () => {},
    };
    await sendOrderEmail(app.db, notifier, { orderId: paid.orderId, kind: 'confirmed' }, 'http://shop.test');
    const [invoice] = await app.db.select().from(invoices).where(eq(invoices.orderId, paid.orderId));
    const attachment = sent[0]?.attachments?.[0];
    expect(attachment?.filename).toBe(`${invoice?.number.replaceAll('/', '-')}.pdf`);
    expect(attachment?.contentType).toBe('application/pdf');
    expect(await pdfText(attachment?.content ?? Buffer.alloc(0))).toContain(invoice?.number);
  });
});

describe('credit notes and GSTR-1', () => {
  it('a partial refund issues a credit note with the tax reversed in proportion', async () => {
    const refundPaise = Math.floor(paid.totalPaise / 4);
    const response = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid.orderId}/refunds`,
      headers: { ...owner, 'idempotency-key': 'gst-partial-refund-1' },
      payload: { amountPaise: refundPaise, reason: 'One mitten arrived torn' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [invoice] = await app.db.select().from(invoices).where(eq(invoices.orderId, paid.orderId));
    const notes = await app.db.select().from(creditNotes).where(eq(creditNotes.orderId, paid.orderId));
    expect(notes).toHaveLength(1);
    const note = notes[0];
    expect(note?.number).toMatch(/^CN\/\d{4}\/\d{6}$/);
    expect(note?.invoiceId).toBe(invoice?.id);
    expect(note?.totalPaise).toBe(refundPaise);
    expect((note?.taxablePaise ?? 0) + (note?.igstPaise ?? 0)).toBe(refundPaise);
    // A quarter of the money back is a quarter of the tax back, to within a paisa a line.
    expect(Math.abs((note?.igstPaise ?? 0) - (invoice?.igstPaise ?? 0) / 4)).toBeLessThanOrEqual(
      note?.lines.length ?? 0,
    );
    // No goods came back: the note says so, with the reason, and lists value reduced rather than items returned.
    expect(note?.reason).toBe('Refund, no goods returned: One mitten arrived torn');
    expect(
      note?.lines.every((line) => line.quantity === 0 && line.description.endsWith(': value reduced')),
    ).toBe(true);

    const documents = await app.inject({
      method: 'GET',
      url: `/api/orders/${paid.orderId}/documents`,
      headers: paid.shopper.headers,
    });
    const link = documents.json<OrderTaxDocuments>().creditNotes[0];
    expect(link?.number).toBe(note?.number);
    const pdf = await app.inject({ method: 'GET', url: link?.url ?? '', headers: paid.shopper.headers });
    const noteText = await pdfText(pdf.rawPayload);
    expect(noteText).toContain(`Against invoice: ${invoice?.number}`);
    expect(noteText).toContain(`Order number: ${orderNumberOf(paid.orderId)}`);
    expect(noteText).toContain('Reason: Refund, no goods returned: One mitten arrived torn');
  });

  it("a cancellation's refund issues a credit note that says no goods were supplied", async () => {
    const cancelled = await placePaidOrder(app);
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/orders/cancel/${cancelled.orderId}`,
      headers: cancelled.shopper.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // The cancel refunds at once when Razorpay answers; the refund job would otherwise (idempotent either way).
    await refundCancelledOrder(paymentDeps(app), cancelled.orderId, 'system');
    const [note] = await app.db.select().from(creditNotes).where(eq(creditNotes.orderId, cancelled.orderId));
    expect(note?.reason).toBe(creditNoteReasons.cancelled);
    expect(note?.totalPaise).toBe(cancelled.totalPaise);
  });
});

async function pdfText(pdf: Buffer): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'invoice-'));
  try {
    const file = join(folder, 'document.pdf');
    await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-']);
    return stdout;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

// docs/product.md#gst-invoices: an invoice copies the seller the settings hold when it is issued. A shop starts
// with none (docs/operations.md#seller-details); what the owner saves is what the next invoice prints.
describe("the settings' seller", () => {
  it('prints on the next invoice: its legal name, address, state and GSTIN, and its state sets the tax', async () => {
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: owner,
      payload: {
        legalName: 'Silk Route Textiles LLP',
        addressLine1: '4 Residency Road',
        addressLine2: '',
        city: 'Bengaluru',
        pincode: '560025',
        stateCode: '29',
        gstin: '29AAGCB7383J1Z4',
        invoicePrefix: 'SRT',
        creditNotePrefix: 'SRTC',
        signatureLine: 'Authorised signatory',
        dispatchDays: 2,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const orderId = await orderCopy();
    const invoice = await issue(orderId, new Date());
    expect(invoice.seller).toMatchObject({
      legalName: 'Silk Route Textiles LLP',
      gstin: '29AAGCB7383J1Z4',
      stateCode: '29',
    });
    expect(invoice.number).toMatch(/^SRT\//);
    // The factory's shopper lives in Bengaluru too: intra-state now.
    expect(invoice.supply).toBe('intra_state');
    const pdf = await app.inject({
      method: 'GET',
      url: `/api/admin/orders/${orderId}/invoice.pdf`,
      headers: owner,
    });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('GSTIN: 29AAGCB7383J1Z4');
    expect(text).toContain('Silk Route Textiles LLP');
    expect(text).not.toContain('07AAFCO1234K1ZI');
  });
});
