import { parseShiprocketTime, shiprocketDateTime } from './ist-time';

// docs/operations.md#cod-remittances: Shiprocket's API has no COD remittance call, so a remittance reaches
// the shop as the CSV its panel exports (Billing > COD Remittance). Its exact headers are not published;
// columns are found by name, in any order, under the names below.

/** One delivered COD parcel's cash in a remittance, amounts in paise. */
export interface RemittanceRow {
  /** The file's line (1 is the header), for messages to staff. */
  line: number;
  /** Shiprocket's id of the remittance cycle ("CRF ID"), when the file has that column. */
  remittanceId: string | null;
  awb: string;
  /** Ours: the order id we booked the parcel with. */
  orderId: string;
  /** What the courier collected. */
  codAmountPaise: number;
  /** What Shiprocket paid for this parcel in this remittance. */
  remittedAmountPaise: number;
  /** The bank transfer's reference. */
  utr: string;
  /** The day it was paid, in India: yyyy-mm-dd. */
  remittedOn: string;
}

export interface RemittanceCsvProblem {
  line: number;
  message: string;
}

/** The file cannot be read as a remittance; `problems` says where and why, line by line. */
export class RemittanceCsvError extends Error {
  constructor(readonly problems: RemittanceCsvProblem[]) {
    const shown = problems.slice(0, MAX_PROBLEMS_IN_MESSAGE).map((p) => `line ${p.line}: ${p.message}`);
    const more = problems.length - shown.length;
    super(`The remittance file cannot be read: ${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}`);
    this.name = 'RemittanceCsvError';
  }
}

const MAX_PROBLEMS_IN_MESSAGE = 5;

type Column = keyof Omit<RemittanceRow, 'line'>;

// The names each column goes by, compared without case, spaces, dots, or a currency unit in brackets.
const COLUMN_NAMES: Record<Column, string[]> = {
  remittanceId: ['crf id', 'remittance id'],
  awb: ['awb', 'awb code', 'awb no', 'awb number'],
  orderId: ['order id', 'channel order id'],
  codAmountPaise: ['cod amount', 'cod value', 'collected amount'],
  remittedAmountPaise: ['remitted amount', 'remittance amount', 'amount remitted'],
  utr: ['utr', 'utr no', 'utr number', 'bank utr'],
  remittedOn: ['remittance date', 'remitted on', 'date of remittance'],
};
const OPTIONAL_COLUMNS: ReadonlySet<Column> = new Set(['remittanceId']);
/** The headers as the simulator writes them: the order of a panel export as merchants describe it. */
export const REMITTANCE_CSV_HEADERS: Record<Column, string> = {
  remittanceId: 'CRF ID',
  utr: 'UTR',
  remittedOn: 'Remittance Date',
  awb: 'AWB',
  orderId: 'Order ID',
  codAmountPaise: 'COD Amount',
  remittedAmountPaise: 'Remitted Amount',
};

function normalisedHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/\((?:₹|rs\.?|inr)\)/g, '')
    .replace(/[._]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks. */
function csvRecords(text: string): { records: { line: number; fields: string[] }[]; unclosedAt?: number } {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let quoteOpenedAt = 0;
  const endRecord = () => {
    fields.push(field);
    // Blank lines (an export's trailing newline among them) are no records.
    if (fields.length > 1 || fields[0]?.trim() !== '') records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        field += '"';
        at++;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      quoteOpenedAt = line;
      field = '';
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += char;
    }
  }
  if (quoted) return { records, unclosedAt: quoteOpenedAt };
  endRecord();
  return { records };
}

// "1198", "1198.5", "1,198.00", "1,19,800.00" (Indian grouping), with or without "₹" or "Rs.".
const AMOUNT = /^(\d+|\d{1,3}(?:,\d{2,3})+)(?:\.(\d{1,2}))?$/;

function paiseOf(text: string): number | undefined {
  const bare = text.replace(/^(?:₹|rs\.?|inr)\s*/i, '').trim();
  const match = AMOUNT.exec(bare);
  if (!match) return undefined;
  const [, whole = '', fraction = ''] = match;
  const paise = Number(whole.replaceAll(',', '')) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(paise) ? paise : undefined;
}

// "05-07-2024" and "05/07/2024" are day first, as Indian exports write them.
const DAY_FIRST = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/;

function dayOf(text: string): string | undefined {
  const dayFirst = DAY_FIRST.exec(text);
  const iso = dayFirst
    ? `${dayFirst[3]}-${dayFirst[2]?.padStart(2, '0')}-${dayFirst[1]?.padStart(2, '0')}`
    : text;
  const instant = parseShiprocketTime(iso);
  return instant && shiprocketDateTime(instant).slice(0, 10);
}

function columnsOf(header: string[]): { at: Partial<Record<Column, number>>; problems: string[] } {
  const at: Partial<Record<Column, number>> = {};
  const problems: string[] = [];
  header.forEach((name, index) => {
    const normalised = normalisedHeader(index === 0 ? name.replace(/^\uFEFF/, '') : name);
    const column = (Object.keys(COLUMN_NAMES) as Column[]).find((key) =>
      COLUMN_NAMES[key].includes(normalised),
    );
    if (!column) return;
    if (at[column] !== undefined) problems.push(`two columns are "${REMITTANCE_CSV_HEADERS[column]}"`);
    at[column] = index;
  });
  const missing = (Object.keys(COLUMN_NAMES) as Column[]).filter(
    (column) => at[column] === undefined && !OPTIONAL_COLUMNS.has(column),
  );
  if (missing.length > 0) {
    problems.push(
      `the header has no ${missing.map((column) => `"${REMITTANCE_CSV_HEADERS[column]}"`).join(', ')} column`,
    );
  }
  return { at, problems };
}

/**
 * The rows of a remittance CSV, or a RemittanceCsvError naming every line that cannot be read: a missing
 * column, a row of the wrong width, an empty field, an amount or date that is not one, an AWB twice.
 */
export function parseRemittanceCsv(text: string): RemittanceRow[] {
  const { records, unclosedAt } = csvRecords(text);
  // Everything after an open quote is one field: nothing past it can be told apart.
  if (unclosedAt !== undefined) {
    throw new RemittanceCsvError([{ line: unclosedAt, message: 'a quote is never closed' }]);
  }
  const problems: RemittanceCsvProblem[] = [];
  const [header, ...body] = records;
  if (!header) throw new RemittanceCsvError([{ line: 1, message: 'the file is empty' }]);
  const columns = columnsOf(header.fields);
  if (columns.problems.length > 0) {
    throw new RemittanceCsvError(columns.problems.map((message) => ({ line: header.line, message })));
  }
  if (body.length === 0) problems.push({ line: header.line + 1, message: 'the file has no rows' });
  const rows: RemittanceRow[] = [];
  const lineOfAwb = new Map<string, number>();
  for (const { line, fields } of body) {
    const problem = (message: string) => problems.push({ line, message });
    if (fields.length !== header.fields.length) {
      problem(`${fields.length} fields where the header has ${header.fields.length}`);
      continue;
    }
    const value = (column: Column) => {
      const index = columns.at[column];
      return index === undefined ? '' : (fields[index] ?? '').trim();
    };
    const required = (column: Column) => {
      const text = value(column);
      if (text === '') problem(`"${REMITTANCE_CSV_HEADERS[column]}" is empty`);
      return text;
    };
    const amount = (column: Column) => {
      const text = required(column);
      if (text === '') return 0;
      const paise = paiseOf(text);
      if (paise === undefined) problem(`"${REMITTANCE_CSV_HEADERS[column]}" is not an amount: "${text}"`);
      return paise ?? 0;
    };
    const before = problems.length;
    const awb = required('awb');
    const orderId = required('orderId');
    const codAmountPaise = amount('codAmountPaise');
    const remittedAmountPaise = amount('remittedAmountPaise');
    const utr = required('utr');
    const dateText = required('remittedOn');
    const remittedOn = dateText === '' ? undefined : dayOf(dateText);
    if (dateText !== '' && !remittedOn) problem(`"Remittance Date" is not a date: "${dateText}"`);
    const earlier = awb === '' ? undefined : lineOfAwb.get(awb);
    if (earlier !== undefined) problem(`AWB ${awb} is on line ${earlier} too`);
    else if (awb !== '') lineOfAwb.set(awb, line);
    if (problems.length > before || !remittedOn) continue;
    rows.push({
      line,
      remittanceId: value('remittanceId') || null,
      awb,
      orderId,
      codAmountPaise,
      remittedAmountPaise,
      utr,
      remittedOn,
    });
  }
  if (problems.length > 0) throw new RemittanceCsvError(problems);
  return rows;
}
