import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { fromIndiaWallClock } from '../../../contracts/format';
import type { Database } from '../../db/client';
import { creditNotes, invoices } from '../../db/schema';
import { readShopSettings } from '../shop-settings/read-shop-settings';
import { gstr1Files } from './gstr1-files';

/** The IST month "2026-11" as the instants it starts and ends at. */
export function indiaMonthRange(month: string): { from: Date; to: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return {
    from: fromIndiaWallClock(Date.UTC(year, monthNumber - 1, 1)),
    to: fromIndiaWallClock(Date.UTC(year, monthNumber, 1)),
  };
}

/** docs/operations.md#exports: the documents issued in an IST month, as the offline tool's CSV files. */
export async function gstr1MonthFiles(db: Database, month: string): Promise<Record<string, string>> {
  return (await gstr1Month(db, month)).files;
}

async function gstr1Month(
  db: Database,
  month: string,
): Promise<{ files: Record<string, string>; issuedUnder: string[] }> {
  const { from, to } = indiaMonthRange(month);
  const monthInvoices = await db
    .select()
    .from(invoices)
    .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
    .orderBy(asc(invoices.issuedAt), asc(invoices.sequence));
  const notes = await db
    .select({
      note: creditNotes,
      invoice: {
        number: invoices.number,
        supply: invoices.supply,
        totalPaise: invoices.totalPaise,
        lines: invoices.lines,
      },
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(and(gte(creditNotes.issuedAt, from), lt(creditNotes.issuedAt, to)))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.sequence));
  const files = gstr1Files(
    month,
    monthInvoices,
    notes.map(({ note, invoice }) => ({ ...note, invoice })),
  );
  const issuedUnder = [
    ...new Set([...monthInvoices, ...notes.map(({ note }) => note)].map((row) => row.seller.gstin)),
  ];
  return { files, issuedUnder };
}

const monthName = new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', month: 'long', year: 'numeric' });

/**
 * docs/operations.md#exports: the offline tool files a return under the filer's GSTIN and a tax period (MMYYYY);
 * the zip's README says both, from the seller in the settings, and which GSTINs the month's documents carry
 * when that is not the same.
 */
export function gstr1Readme(
  month: string,
  seller: { legalName: string; gstin: string },
  issuedUnder: string[],
): string {
  const [year, monthNumber] = month.split('-') as [string, string];
  const period = `${monthName.format(new Date(`${month}-01T00:00:00Z`))} (tax period ${monthNumber}${year})`;
  const lines = seller.gstin
    ? [
        `GSTR-1 of ${seller.legalName || 'the seller'}, GSTIN ${seller.gstin}`,
        period,
        '',
        'Import each CSV file into the GST offline tool (GSTR-1) under this GSTIN and tax period.',
      ]
    : [
        'GSTR-1: the seller’s GSTIN is not in the settings',
        period,
        '',
        'Fill in the seller’s GSTIN in the console’s Settings before filing: the return is filed under it.',
      ];
  const others = issuedUnder.filter((gstin) => gstin !== seller.gstin);
  if (others.length > 0) {
    const named = issuedUnder.map((gstin) => gstin || 'no GSTIN').join(', ');
    lines.push(`This month's invoices and credit notes were issued under: ${named}.`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The month's files in one zip, for the accountant to import file by file, named for the GSTIN and month. */
export async function gstr1Zip(db: Database, month: string): Promise<{ fileName: string; zip: Buffer }> {
  const seller = await readShopSettings(db);
  const { files, issuedUnder } = await gstr1Month(db, month);
  const entries = Object.fromEntries(
    Object.entries({ 'README.txt': gstr1Readme(month, seller, issuedUnder), ...files }).map(
      ([name, text]) => [name, strToU8(text)] as const,
    ),
  );
  return {
    fileName: seller.gstin ? `gstr1-${seller.gstin}-${month}.zip` : `gstr1-${month}.zip`,
    zip: Buffer.from(zipSync(entries, { level: 6 })),
  };
}
