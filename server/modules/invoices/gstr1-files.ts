import { inIndia } from '../../../contracts/format';
import type { DocumentLine } from '../../db/schema';
import { csvField, rupeesCell } from '../admin-orders/csv-cells';
import { placeOfSupplyLabel } from './gstr1-place-of-supply';
import {
  COD_FEE_DESCRIPTION,
  type CreditNoteRow,
  creditNoteReasons,
  type InvoiceRow,
  SHIPPING_SAC,
} from './issue-documents';

// docs/operations.md#exports: a month's invoices and credit notes as the CSV files the GST offline tool imports,
// section by section. Every buyer is unregistered (the shop asks no GSTIN), so the sections are B2C ones.

/**
 * Rule 59(4) of the CGST Rules (from 1 August 2024, Notification 12/2024-CT): an inter-state invoice to an
 * unregistered buyer of more than ₹1,00,000 is reported invoice by invoice (B2C large); the rest is summed.
 */
export const B2CL_THRESHOLD_PAISE = 100_000_00;

/** The header lines of the tool's CSV templates, word for word (checked against gstr1-templates/ by a test). */
export const gstr1Headers = {
  b2cs: 'Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
  b2cl: 'Invoice Number,Invoice date,Invoice Value,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
  cdnur:
    'UR Type,Note Number,Note Date,Note Type,Place Of Supply,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount',
  hsn: 'HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
  docs: 'Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled',
} as const;

/**
 * The unit quantity code of goods: each mitten is sold, counted and priced as one piece (quantity 2 is two
 * mittens), so NOS-NUMBERS; PRS-PAIRS would halve every count. A service (SAC 99…) has no unit: the tool
 * writes NA and quantity 0 for it whatever is given.
 */
export const GOODS_UQC = 'NOS-NUMBERS';
const isService = (hsnCode: string) => hsnCode.startsWith('99');

/** From May 2025 the HSN summary is split into B2B and B2C tables; before it, one `hsn` table. */
export const hsnFileName = (month: string) => (month >= '2025-05' ? 'hsn(b2c).csv' : 'hsn.csv');

export interface MonthCreditNote extends CreditNoteRow {
  invoice: Pick<InvoiceRow, 'number' | 'supply' | 'totalPaise' | 'lines'>;
}

type Amounts = { taxable: number; cgst: number; sgst: number; igst: number; total: number };
const zero = (): Amounts => ({ taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 });

function add(into: Amounts, line: DocumentLine, sign: 1 | -1) {
  into.taxable += sign * line.taxablePaise;
  into.cgst += sign * line.cgstPaise;
  into.sgst += sign * line.sgstPaise;
  into.igst += sign * line.igstPaise;
  into.total += sign * line.totalPaise;
}

const rate = (rateBasisPoints: number) => String(rateBasisPoints / 100);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "27-Nov-2026", the day in India: the only date form the tool's import takes. */
export function toolDate(at: Date): string {
  const india = inIndia(at);
  const day = String(india.getUTCDate()).padStart(2, '0');
  return `${day}-${MONTHS[india.getUTCMonth()]}-${india.getUTCFullYear()}`;
}

const isLarge = (invoice: Pick<InvoiceRow, 'supply' | 'totalPaise'>) =>
  invoice.supply === 'inter_state' && invoice.totalPaise > B2CL_THRESHOLD_PAISE;

/** One document's lines summed by rate, in the order the rates first appear. */
function byRate(lines: readonly DocumentLine[]): Map<number, Amounts> {
  const rates = new Map<number, Amounts>();
  for (const line of lines) {
    const amounts = rates.get(line.rateBasisPoints) ?? zero();
    add(amounts, line, 1);
    rates.set(line.rateBasisPoints, amounts);
  }
  return rates;
}

// The tool takes a description of at most 30 of these characters.
const DESCRIPTION_CHARACTERS = /[^ A-Za-z0-9_@./&-]/g;
const MAX_DESCRIPTION = 30;

/** "Face Mitt (M)" and "Face Mitt (M): value reduced" are both the product "Face Mitt". */
const productName = (description: string) =>
  description
    .replace(/: value reduced$/, '')
    .replace(/ \([^)]*\)$/, '')
    .replace(DESCRIPTION_CHARACTERS, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Shipping and the COD fee share the shipping SAC: the HSN row names both when both were charged. */
const chargeName = (description: string) =>
  description.startsWith(COD_FEE_DESCRIPTION) ? 'COD fee' : 'Shipping';

/** The products of an HSN row, as many whole names as fit. */
function hsnDescription(names: ReadonlySet<string>): string {
  let description = '';
  for (const name of names) {
    const next = description ? `${description} / ${name}` : name;
    if (next.length > MAX_DESCRIPTION) break;
    description = next;
  }
  return description || ([...names][0] ?? '').slice(0, MAX_DESCRIPTION);
}

interface HsnEntry {
  hsn: string;
  rate: number;
  quantity: number;
  names: Set<string>;
  amounts: Amounts;
}

/** A month's GSTR-1 files, named as the tool's templates are; b2cl and cdnur only when the month has such. */
export function gstr1Files(
  month: string,
  monthInvoices: readonly InvoiceRow[],
  monthNotes: readonly MonthCreditNote[],
): Record<string, string> {
  const b2cl: (string | number)[][] = [];
  const cdnur: (string | number)[][] = [];
  const b2cs = new Map<string, { pos: string; rate: number; amounts: Amounts }>();
  const hsn = new Map<string, HsnEntry>();

  const hsnEntryOf = (line: DocumentLine) => {
    const key = `${line.hsnCode}|${line.rateBasisPoints}`;
    const entry = hsn.get(key) ?? {
      hsn: line.hsnCode,
      rate: line.rateBasisPoints,
      quantity: 0,
      names: new Set<string>(),
      amounts: zero(),
    };
    hsn.set(key, entry);
    return entry;
  };
  const addToSummaries = (
    document: Pick<InvoiceRow, 'lines' | 'placeOfSupplyCode'>,
    inB2cs: boolean,
    sign: 1 | -1,
  ) => {
    for (const line of document.lines) {
      if (inB2cs) {
        const key = `${document.placeOfSupplyCode}|${line.rateBasisPoints}`;
        const entry = b2cs.get(key) ?? {
          pos: document.placeOfSupplyCode,
          rate: line.rateBasisPoints,
          amounts: zero(),
        };
        add(entry.amounts, line, sign);
        b2cs.set(key, entry);
      }
      const entry = hsnEntryOf(line);
      if (sign === 1) entry.quantity += line.quantity;
      entry.names.add(
        line.hsnCode === SHIPPING_SAC ? chargeName(line.description) : productName(line.description),
      );
      add(entry.amounts, line, sign);
    }
  };

  for (const invoice of monthInvoices) {
    const large = isLarge(invoice);
    if (large) {
      for (const [rateBasisPoints, amounts] of byRate(invoice.lines)) {
        b2cl.push([
          invoice.number,
          toolDate(invoice.issuedAt),
          rupeesCell(invoice.totalPaise),
          placeOfSupplyLabel(invoice.placeOfSupplyCode),
          '',
          rate(rateBasisPoints),
          rupeesCell(amounts.taxable),
          '',
          '',
        ]);
      }
    }
    addToSummaries(invoice, !large, 1);
  }
  for (const note of monthNotes) {
    const large = isLarge(note.invoice);
    if (large) {
      for (const [rateBasisPoints, amounts] of byRate(note.lines)) {
        cdnur.push([
          'B2CL',
          note.number,
          toolDate(note.issuedAt),
          'C',
          placeOfSupplyLabel(note.placeOfSupplyCode),
          rupeesCell(note.totalPaise),
          '',
          rate(rateBasisPoints),
          rupeesCell(amounts.taxable),
          '',
        ]);
      }
    }
    addToSummaries(note, !large, -1);
    // A cancelled order's goods were never supplied, nor a COD parcel's returned to origin: its invoice's
    // quantities come off. A refund with the goods kept lowers the value only.
    if (note.reason === creditNoteReasons.cancelled || note.reason === creditNoteReasons.returnedToOrigin) {
      for (const line of note.invoice.lines) hsnEntryOf(line).quantity -= line.quantity;
    }
    // A return's note carries the units that came back (docs/product.md#returns).
    if (note.reason.startsWith('Goods returned:')) {
      for (const line of note.lines) hsnEntryOf(line).quantity -= line.quantity;
    }
  }

  const files: Record<string, string> = {
    'b2cs.csv': csvFile(
      gstr1Headers.b2cs,
      [...b2cs.values()].map((entry) => [
        'OE',
        placeOfSupplyLabel(entry.pos),
        rate(entry.rate),
        '',
        rupeesCell(entry.amounts.taxable),
        '',
        '',
      ]),
    ),
  };
  if (b2cl.length > 0) files['b2cl.csv'] = csvFile(gstr1Headers.b2cl, b2cl);
  if (cdnur.length > 0) files['cdnur.csv'] = csvFile(gstr1Headers.cdnur, cdnur);
  files[hsnFileName(month)] = csvFile(
    gstr1Headers.hsn,
    [...hsn.values()].map((entry) => {
      const service = isService(entry.hsn);
      return [
        entry.hsn,
        hsnDescription(entry.names),
        service ? 'NA' : GOODS_UQC,
        service ? 0 : entry.quantity,
        rupeesCell(entry.amounts.total),
        rate(entry.rate),
        rupeesCell(entry.amounts.taxable),
        rupeesCell(entry.amounts.igst),
        rupeesCell(entry.amounts.cgst),
        rupeesCell(entry.amounts.sgst),
        '',
      ];
    }),
  );
  files['docs.csv'] = csvFile(gstr1Headers.docs, [
    ...documentRanges('Invoices for outward supply', monthInvoices),
    ...documentRanges('Credit Note', monthNotes),
  ]);
  return files;
}

/**
 * Table 13: each series (a prefix and financial year: "INV/2627/") from its first to its last number issued in
 * the month. The shop cancels no document (a cancelled order gets a credit note), so Cancelled is 0.
 */
function documentRanges(
  nature: string,
  documents: readonly Pick<InvoiceRow, 'number' | 'sequence'>[],
): (string | number)[][] {
  const series = new Map<string, Pick<InvoiceRow, 'number' | 'sequence'>[]>();
  for (const document of documents) {
    const prefix = document.number.slice(0, document.number.lastIndexOf('/') + 1);
    series.set(prefix, [...(series.get(prefix) ?? []), document]);
  }
  return [...series.values()].map((numbers) => {
    const sorted = [...numbers].sort((a, b) => a.sequence - b.sequence);
    return [nature, sorted[0]?.number ?? '', sorted.at(-1)?.number ?? '', sorted.length, 0];
  });
}

/** Numbers as they are (a credit note's minus sign is not a formula); text guarded like every CSV of ours. */
function csvFile(header: string, rows: readonly (string | number)[][]): string {
  const cell = (value: string | number) =>
    typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? value : csvField(value);
  return [header, ...rows.map((row) => row.map(cell).join(','))].map((line) => `${line}\r\n`).join('');
}
