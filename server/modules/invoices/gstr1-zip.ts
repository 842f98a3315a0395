import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { fromIndiaWallClock } from '../../../contracts/format';
import type { Database } from '../../db/client';
import { creditNotes, invoices } from '../../db/schema';
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
  return gstr1Files(
    month,
    monthInvoices,
    notes.map(({ note, invoice }) => ({ ...note, invoice })),
  );
}

/** The month's files in one zip, for the accountant to import file by file. */
export async function gstr1Zip(db: Database, month: string): Promise<Buffer> {
  const files = await gstr1MonthFiles(db, month);
  const entries = Object.fromEntries(
    Object.entries(files).map(([name, text]) => [name, strToU8(text)] as const),
  );
  return Buffer.from(zipSync(entries, { level: 6 }));
}
