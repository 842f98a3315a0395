import { inIndia } from '../../../contracts/format';
// docs/operations.md#exports: how the console's CSV files write a cell, so that a spreadsheet reads each one as
// the value it is and runs none of them.

/**
 * RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. A text a spreadsheet would
 * run as a formula (=, +, -, @, tab or carriage return first) gets a leading apostrophe (OWASP's CSV injection
 * advice); numbers are written as they are, so a negative amount stays a number.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (fields: readonly (string | number)[]) => `${fields.map(csvField).join(',')}\r\n`;

/**
 * Excel opens a UTF-8 file without this mark in the PC's own code page and garbles every name that is not plain
 * ASCII; LibreOffice, Google Sheets and Numbers ignore it.
 */
export const UTF8_BOM = '\uFEFF';

/** Paise as rupees with two decimals and no sign or grouping ("1198.00"), a number to the spreadsheet. */
export function rupeesCell(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const whole = Math.abs(paise);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** "2026-11-27 23:50:12", India's time: sortable, and read as a date and time by every spreadsheet. */
export function istDateTimeCell(at: Date): string {
  return inIndia(at).toISOString().slice(0, 19).replace('T', ' ');
}

/** "2026-11-27", the day in India. */
export function istDayCell(at: Date): string {
  return inIndia(at).toISOString().slice(0, 10);
}
