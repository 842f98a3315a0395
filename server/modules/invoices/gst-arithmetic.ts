import { inIndia } from '../../../contracts/format';
// docs/product.md#gst-invoices: the tax on an invoice is backed out of tax-inclusive prices, line by line, in
// whole paise; a line's taxable value plus its tax is always exactly what the shopper paid for it.

export type SupplyKind = 'intra_state' | 'inter_state';

export interface TaxTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** What was paid (or, on a credit note, given back): taxable value plus the taxes. */
  totalPaise: number;
}

export interface TaxedLine extends TaxTotals {
  rateBasisPoints: number;
}

/**
 * Backs the tax out of a tax-inclusive amount. Intra-state, CGST and SGST are each half the tax and must be
 * equal, so the half is rounded and an odd paisa stays in the taxable value; inter-state, IGST is the whole
 * tax, rounded to the paisa.
 */
export function taxInclusiveAmount(
  amountPaise: number,
  rateBasisPoints: number,
  supply: SupplyKind,
): TaxedLine {
  const taxTimesDivisor = amountPaise * rateBasisPoints;
  const divisor = 10_000 + rateBasisPoints;
  if (supply === 'intra_state') {
    const half = Math.round(taxTimesDivisor / (2 * divisor));
    return {
      rateBasisPoints,
      taxablePaise: amountPaise - 2 * half,
      cgstPaise: half,
      sgstPaise: half,
      igstPaise: 0,
      totalPaise: amountPaise,
    };
  }
  const igst = Math.round(taxTimesDivisor / divisor);
  return {
    rateBasisPoints,
    taxablePaise: amountPaise - igst,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: igst,
    totalPaise: amountPaise,
  };
}

export function sumTaxes(lines: readonly TaxTotals[]): TaxTotals {
  const sum = (pick: (line: TaxTotals) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    taxablePaise: sum((line) => line.taxablePaise),
    cgstPaise: sum((line) => line.cgstPaise),
    sgstPaise: sum((line) => line.sgstPaise),
    igstPaise: sum((line) => line.igstPaise),
    totalPaise: sum((line) => line.totalPaise),
  };
}

/** Intra-state when the place of supply is the seller's own state (docs/product.md#gst-invoices). */
export function supplyKindOf(sellerStateCode: string, placeOfSupplyCode: string): SupplyKind {
  return sellerStateCode !== '' && sellerStateCode === placeOfSupplyCode ? 'intra_state' : 'inter_state';
}

/** The Indian financial year (April to March, India time) a moment falls in, as "2627" for 2026-27. */
export function financialYearOf(at: Date): string {
  const india = inIndia(at);
  const year = india.getUTCFullYear();
  const startYear = india.getUTCMonth() >= 3 ? year : year - 1;
  const twoDigits = (value: number) => String(value % 100).padStart(2, '0');
  return `${twoDigits(startYear)}${twoDigits(startYear + 1)}`;
}

/** GST rule 46: an invoice number is at most 16 characters. */
export const MAX_DOCUMENT_NUMBER_LENGTH = 16;

/**
 * "INV/2627/000001": prefix, financial year, sequence padded to six digits. A long prefix takes padding digits
 * first and is cut only when even the bare sequence would not fit in 16 characters.
 */
export function documentNumber(prefix: string, financialYear: string, sequence: number): string {
  const digits = String(sequence);
  const tail = `/${financialYear}/`;
  const room = MAX_DOCUMENT_NUMBER_LENGTH - tail.length - digits.length;
  const cutPrefix = prefix.slice(0, Math.max(0, room));
  const padding = Math.max(0, Math.min(6 - digits.length, room - cutPrefix.length));
  return `${cutPrefix}${tail}${'0'.repeat(padding)}${digits}`;
}

const ones = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const tens = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(value: number): string {
  if (value < 20) return ones[value] ?? '';
  const unit = value % 10;
  return `${tens[Math.floor(value / 10)]}${unit ? `-${ones[unit]}` : ''}`;
}

function belowThousand(value: number): string {
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  return [hundreds ? `${ones[hundreds]} Hundred` : '', rest ? belowHundred(rest) : '']
    .filter(Boolean)
    .join(' ');
}

/** A whole number in words with Indian grouping: crore, lakh, thousand, hundred. */
export function numberInIndianWords(value: number): string {
  if (value === 0) return 'Zero';
  const crore = Math.floor(value / 10_000_000);
  const lakh = Math.floor((value % 10_000_000) / 100_000);
  const thousand = Math.floor((value % 100_000) / 1000);
  const rest = value % 1000;
  return [
    crore ? `${numberInIndianWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** "Rupees One Thousand One Hundred Ninety-Eight Only"; "Rupees Ten and Fifty Paise Only"; "Fifty Paise Only". */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const rupeePart = rupees > 0 || rest === 0 ? `Rupees ${numberInIndianWords(rupees)}` : '';
  const paisePart = rest > 0 ? `${belowHundred(rest)} Paise` : '';
  return `${[rupeePart, paisePart].filter(Boolean).join(' and ')} Only`;
}
