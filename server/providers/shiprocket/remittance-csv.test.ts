import { describe, expect, it } from 'vitest';
import { parseRemittanceCsv, RemittanceCsvError } from './remittance-csv';

const HEADER = 'CRF ID,UTR,Remittance Date,AWB,Order ID,COD Amount,Remitted Amount';

function problemsOf(text: string) {
  try {
    parseRemittanceCsv(text);
  } catch (error) {
    if (error instanceof RemittanceCsvError) return error.problems;
    throw error;
  }
  throw new Error('the file was read without a problem');
}

describe('parseRemittanceCsv', () => {
  it('reads the export’s rows into paise and Indian days', () => {
    const csv = `${HEADER}\r\n1720137600,UTIBN52024070512,2024-07-05,14901234567890,OM-1,1334.50,1334.50\r\n1720137600,UTIBN52024070512,2024-07-05,15231234567890,OM-2,599,549.00\r\n`;
    expect(parseRemittanceCsv(csv)).toEqual([
      {
        line: 2,
        remittanceId: '1720137600',
        awb: '14901234567890',
        orderId: 'OM-1',
        codAmountPaise: 133_450,
        remittedAmountPaise: 133_450,
        utr: 'UTIBN52024070512',
        remittedOn: '2024-07-05',
      },
      expect.objectContaining({ line: 3, codAmountPaise: 59_900, remittedAmountPaise: 54_900 }),
    ]);
  });

  it('finds columns by name in any order, as a spreadsheet may save them', () => {
    const csv = [
      '\uFEFFOrder ID,AWB No.,"COD Amount (₹)",Remitted Amount (Rs),UTR No,Remittance Date',
      '"OM-7, gift",7123456789,"₹1,19,800.00",Rs. 1198,N123,05/07/2024',
      'OM-8,7123456790,1198,1198,N123,5-7-2024',
    ].join('\n');
    expect(parseRemittanceCsv(csv)).toEqual([
      {
        line: 2,
        remittanceId: null,
        awb: '7123456789',
        orderId: 'OM-7, gift',
        codAmountPaise: 11_980_000,
        remittedAmountPaise: 119_800,
        utr: 'N123',
        remittedOn: '2024-07-05',
      },
      expect.objectContaining({ line: 3, orderId: 'OM-8', remittedOn: '2024-07-05' }),
    ]);
  });

  it('names the missing columns, and an empty file', () => {
    expect(problemsOf('AWB,Order ID,Amount\n1,2,3\n')).toEqual([
      {
        line: 1,
        message: 'the header has no "COD Amount", "Remitted Amount", "UTR", "Remittance Date" column',
      },
    ]);
    expect(problemsOf('')).toEqual([{ line: 1, message: 'the file is empty' }]);
    expect(problemsOf(`${HEADER}\n`)).toEqual([{ line: 2, message: 'the file has no rows' }]);
  });

  it('lists every bad line with why, and reads none of the file', () => {
    const csv = [
      HEADER,
      '1,N1,2024-07-05,A1,OM-1,100,100',
      '1,N1,2024-07-05,A2,OM-2,1O0,100',
      '1,N1,31-04-2024,A3,OM-3,100,100',
      '1,N1,2024-07-05,A1,OM-4,100,100',
      '1,N1,2024-07-05,A5,OM-5,100',
      '1,,2024-07-05,A6,OM-6,100,-5',
    ].join('\n');
    expect(problemsOf(csv)).toEqual([
      { line: 3, message: '"COD Amount" is not an amount: "1O0"' },
      { line: 4, message: '"Remittance Date" is not a date: "31-04-2024"' },
      { line: 5, message: 'AWB A1 is on line 2 too' },
      { line: 6, message: '6 fields where the header has 7' },
      { line: 7, message: '"Remitted Amount" is not an amount: "-5"' },
      { line: 7, message: '"UTR" is empty' },
    ]);
    const error = (() => {
      try {
        parseRemittanceCsv(csv);
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error?.message).toBe(
      'The remittance file cannot be read: line 3: "COD Amount" is not an amount: "1O0"; line 4: "Remittance Date" is not a date: "31-04-2024"; line 5: AWB A1 is on line 2 too; line 6: 6 fields where the header has 7; line 7: "Remitted Amount" is not an amount: "-5"; and 1 more',
    );
  });

  it('refuses a quote left open, and two columns of one name', () => {
    expect(problemsOf(`${HEADER}\n1,N1,2024-07-05,A1,"OM-1,100,100\n`)).toEqual([
      { line: 2, message: 'a quote is never closed' },
    ]);
    expect(problemsOf(`${HEADER},UTR Number\n`)[0]).toEqual({ line: 1, message: 'two columns are "UTR"' });
  });
});
