import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  documentNumber,
  financialYearOf,
  sumTaxes,
  taxInclusiveAmount,
} from './gst-arithmetic';

const supplies = fc.constantFrom('intra_state' as const, 'inter_state' as const);
const rates = fc.constantFrom(0, 250, 500, 1200, 1800, 2800);

describe('backing GST out of tax-inclusive prices', () => {
  it('5% of ₹1,198.00 intra-state: ₹1,140.96 taxable, ₹28.52 CGST and ₹28.52 SGST', () => {
    expect(taxInclusiveAmount(119_800, 500, 'intra_state')).toEqual({
      rateBasisPoints: 500,
      taxablePaise: 114_096,
      cgstPaise: 2852,
      sgstPaise: 2852,
      igstPaise: 0,
      totalPaise: 119_800,
    });
  });

  it('5% of ₹1,198.00 inter-state: ₹1,140.95 taxable and ₹57.05 IGST', () => {
    const line = taxInclusiveAmount(119_800, 500, 'inter_state');
    expect([line.taxablePaise, line.igstPaise, line.cgstPaise]).toEqual([114_095, 5705, 0]);
  });

  it('for any basket and rate, the taxable values plus the taxes equal what was paid, to the paisa', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ amount: fc.integer({ min: 0, max: 50_000_000 }), rate: rates }), {
          minLength: 1,
          maxLength: 20,
        }),
        supplies,
        (basket, supply) => {
          const lines = basket.map(({ amount, rate }) => taxInclusiveAmount(amount, rate, supply));
          const totals = sumTaxes(lines);
          const paid = basket.reduce((sum, { amount }) => sum + amount, 0);
          expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise + totals.igstPaise).toBe(paid);
          expect(totals.totalPaise).toBe(paid);
          for (const line of lines) {
            expect(line.cgstPaise).toBe(line.sgstPaise);
            expect(Number.isInteger(line.taxablePaise)).toBe(true);
            // Within a paisa of the exact tax: rounding per line, never drifting.
            const exactTax = (line.totalPaise * line.rateBasisPoints) / (10_000 + line.rateBasisPoints);
            const tax = line.cgstPaise + line.sgstPaise + line.igstPaise;
            expect(Math.abs(tax - exactTax)).toBeLessThanOrEqual(1);
          }
          if (supply === 'inter_state') expect(totals.cgstPaise + totals.sgstPaise).toBe(0);
          else expect(totals.igstPaise).toBe(0);
        },
      ),
    );
  });
});

describe('amount in words, Indian numbering', () => {
  it('₹1,198.00', () => {
    expect(amountInWords(119_800)).toBe('Rupees One Thousand One Hundred Ninety-Eight Only');
  });
  it('₹10,00,000', () => {
    expect(amountInWords(100_000_000)).toBe('Rupees Ten Lakh Only');
  });
  it('₹0.50', () => {
    expect(amountInWords(50)).toBe('Fifty Paise Only');
  });
  it('crore, lakh and paise together', () => {
    expect(amountInWords(1_234_567_899)).toBe(
      'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Ninety-Nine Paise Only',
    );
  });
});

describe('financial year and document numbers', () => {
  it('the year turns at midnight of 1 April, India time', () => {
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z'))).toBe('2627');
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('2728');
    expect(financialYearOf(new Date('2099-12-31T00:00:00Z'))).toBe('9900');
  });
  it('numbers are prefix/year/sequence and never over 16 characters', () => {
    expect(documentNumber('INV', '2627', 1)).toBe('INV/2627/000001');
    expect(documentNumber('TAXINV', '2627', 42)).toBe('TAXINV/2627/0042');
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30 }),
        fc.integer({ min: 1, max: 9_999_999 }),
        (prefix, sequence) => {
          const number = documentNumber(prefix, '2627', sequence);
          expect(number.length).toBeLessThanOrEqual(16);
          expect(Number(number.split('/').at(-1))).toBe(sequence);
        },
      ),
    );
  });
});
