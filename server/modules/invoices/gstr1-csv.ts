import { and, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { creditNotes, invoices } from '../../db/schema';
import { csvField } from '../admin-orders/orders-csv';
import type { CreditNoteRow, InvoiceRow } from './issue-documents';

/** GSTR-1: an inter-state invoice to an unregistered buyer above this value is B2C large, listed one by one. */
export const B2CL_THRESHOLD_PAISE = 100_000_00;

export const gstr1Header = [
  'section',
  'document_number',
  'document_date',
  'against_invoice',
  'place_of_supply',
  'supply',
  'hsn',
  'rate_percent',
  'quantity',
  'taxable_value',
  'cgst',
  'sgst',
  'igst',
  'total',
] as const;

type Amounts = { taxable: number; cgst: number; sgst: number; igst: number; total: number };
const zero = (): Amounts => ({ taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 });
const rupees = (paise: number) => (paise / 100).toFixed(2);
const indiaDay = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);

function add(
  into: Amounts,
  line: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number },
  sign: 1 | -1,
) {
  into.taxable += sign * line.taxablePaise;
  into.cgst += sign * line.cgstPaise;
  into.sgst += sign * line.sgstPaise;
  into.igst += sign * line.igstPaise;
  into.total += sign * line.totalPaise;
}

const amountFields = (amounts: Amounts) =>
  [amounts.taxable, amounts.cgst, amounts.sgst, amounts.igst, amounts.total].map(rupees);

const isLarge = (invoice: Pick<InvoiceRow, 'supply' | 'totalPaise'>) =>
  invoice.supply === 'inter_state' && invoice.totalPaise > B2CL_THRESHOLD_PAISE;

/**
 * docs/product.md#gst-invoices: a month's invoices and credit notes shaped for GSTR-1. "b2cl" lists each large
 * inter-state invoice by rate, "cdnur" the credit notes against them; "b2cs" sums everything else by place of
 * supply, supply and rate, net of its credit notes; "hsn" sums all of it by HSN and rate.
 */
export function gstr1Rows(
  monthInvoices: readonly InvoiceRow[],
  monthNotes: readonly (CreditNoteRow & {
    invoiceNumber: string;
    invoiceTotalPaise: number;
    invoiceSupply: InvoiceRow['supply'];
  })[],
): string[][] {
  const rows: string[][] = [];
  const b2cs = new Map<string, { pos: string; supply: string; rate: number; amounts: Amounts }>();
  const hsn = new Map<string, { hsn: string; rate: number; quantity: number; amounts: Amounts }>();
  const addToSummaries = (
    document: Pick<InvoiceRow, 'lines' | 'placeOfSupplyCode' | 'supply'>,
    large: boolean,
    sign: 1 | -1,
  ) => {
    for (const line of document.lines) {
      if (!large) {
        const key = `${document.placeOfSupplyCode}|${document.supply}|${line.rateBasisPoints}`;
        const entry = b2cs.get(key) ?? {
          pos: document.placeOfSupplyCode,
          supply: document.supply,
          rate: line.rateBasisPoints,
          amounts: zero(),
        };
        add(entry.amounts, line, sign);
        b2cs.set(key, entry);
      }
      const hsnKey = `${line.hsnCode}|${line.rateBasisPoints}`;
      const entry = hsn.get(hsnKey) ?? {
        hsn: line.hsnCode,
        rate: line.rateBasisPoints,
        quantity: 0,
        amounts: zero(),
      };
      if (sign === 1) entry.quantity += line.quantity;
      add(entry.amounts, line, sign);
      hsn.set(hsnKey, entry);
    }
  };
  for (const invoice of monthInvoices) {
    const large = isLarge(invoice);
    if (large) {
      for (const line of invoice.lines) {
        const amounts = zero();
        add(amounts, line, 1);
        rows.push([
          'b2cl',
          invoice.number,
          indiaDay(invoice.issuedAt),
          '',
          invoice.placeOfSupplyCode,
          invoice.supply,
          '',
          String(line.rateBasisPoints / 100),
          '',
          ...amountFields(amounts),
        ]);
      }
    }
    addToSummaries(invoice, large, 1);
  }
  for (const note of monthNotes) {
    const large = isLarge({ supply: note.invoiceSupply, totalPaise: note.invoiceTotalPaise });
    if (large) {
      const amounts = zero();
      for (const line of note.lines) add(amounts, line, -1);
      rows.push([
        'cdnur',
        note.number,
        indiaDay(note.issuedAt),
        note.invoiceNumber,
        note.placeOfSupplyCode,
        note.supply,
        '',
        '',
        '',
        ...amountFields(amounts),
      ]);
    }
    addToSummaries(note, large, -1);
  }
  for (const entry of b2cs.values()) {
    rows.push([
      'b2cs',
      '',
      '',
      '',
      entry.pos,
      entry.supply,
      '',
      String(entry.rate / 100),
      '',
      ...amountFields(entry.amounts),
    ]);
  }
  for (const entry of hsn.values()) {
    rows.push([
      'hsn',
      '',
      '',
      '',
      '',
      '',
      entry.hsn,
      String(entry.rate / 100),
      String(entry.quantity),
      ...amountFields(entry.amounts),
    ]);
  }
  return rows;
}

/** The IST month "2026-11" as the instants it starts and ends at. */
export function indiaMonthRange(month: string): { from: Date; to: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const start = Date.UTC(year, monthNumber - 1, 1) - 330 * 60_000;
  const end = Date.UTC(year, monthNumber, 1) - 330 * 60_000;
  return { from: new Date(start), to: new Date(end) };
}

export async function gstr1Csv(db: Database, month: string): Promise<string> {
  const { from, to } = indiaMonthRange(month);
  const monthInvoices = await db
    .select()
    .from(invoices)
    .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
    .orderBy(invoices.issuedAt, invoices.sequence);
  const notes = await db
    .select({
      note: creditNotes,
      invoiceNumber: invoices.number,
      invoiceTotalPaise: invoices.totalPaise,
      invoiceSupply: invoices.supply,
    })
    .from(creditNotes)
    .innerJoin(invoices, sql`${invoices.id} = ${creditNotes.invoiceId}`)
    .where(and(gte(creditNotes.issuedAt, from), lt(creditNotes.issuedAt, to)))
    .orderBy(creditNotes.issuedAt, creditNotes.sequence);
  const rows = gstr1Rows(
    monthInvoices,
    notes.map(({ note, ...invoice }) => ({ ...note, ...invoice })),
  );
  // Amounts as they are: a credit note's minus sign is not a formula.
  const field = (value: string) => (/^-?\d+\.\d{2}$/.test(value) ? value : csvField(value));
  return [gstr1Header, ...rows].map((fields) => `${fields.map(field).join(',')}\r\n`).join('');
}
