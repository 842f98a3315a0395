import { describe, expect, it } from 'vitest';
import { formatIstDateTime, formatPaise, humanise } from '../../lib/console-format';
import { parseRupeesToPaise } from './format';

describe('the console formats', () => {
  it('shows a moment in IST, whatever the device says', () => {
    expect(formatIstDateTime('2026-11-23T10:35:00.000Z')).toBe('23 Nov 2026, 4:05 pm IST');
    expect(formatIstDateTime('2026-11-23T20:00:00.000Z')).toBe('24 Nov 2026, 1:30 am IST');
  });

  it('shows paise as rupees to two decimals', () => {
    expect(formatPaise(123_456)).toBe('₹1,234.56');
    expect(formatPaise(10_000)).toBe('₹100.00');
  });

  it('reads rupees typed by a person as paise', () => {
    expect(parseRupeesToPaise('100')).toBe(10_000);
    expect(parseRupeesToPaise('₹1,234.5')).toBe(123_450);
    expect(parseRupeesToPaise('0.07')).toBe(7);
    expect(parseRupeesToPaise('1.234')).toBeNull();
    expect(parseRupeesToPaise('ten')).toBeNull();
    expect(parseRupeesToPaise('')).toBeNull();
  });

  it('turns a code into words', () => {
    expect(humanise('partially_refunded')).toBe('Partially refunded');
    expect(humanise('cod_due')).toBe('COD due');
    expect(humanise('returned_to_origin')).toBe('Returned to origin');
  });
});
