import { describe, expect, it } from 'vitest';
import { addDays, formatDate, formatEstimatedDelivery, formatRupees, formatRupeesExact } from './format';

describe('en-IN formatting', () => {
  it.each([
    [239, '₹239'],
    [1198, '₹1,198'],
    [123456, '₹1,23,456'],
  ])('formats %i rupees as %s', (rupees, text) => {
    expect(formatRupees(rupees)).toBe(text);
  });

  it('shows My Orders amounts to two decimals', () => {
    expect(formatRupeesExact(1198)).toBe('₹1,198.00');
    expect(formatRupeesExact(339.5)).toBe('₹339.50');
  });

  it('writes dates the Indian way', () => {
    expect(formatDate(new Date(2025, 6, 9))).toBe('9 July 2025');
  });

  it('shows a date-only delivery estimate (midnight in India) as the date alone, in any time zone', () => {
    expect(formatEstimatedDelivery('2026-11-28T18:30:00.000Z')).toBe('29 November 2026');
    expect(formatEstimatedDelivery('2026-11-29T09:00:00.000Z')).toBe('29 November 2026 at 2:30 pm');
  });

  it('adds days across a month end', () => {
    expect(addDays(new Date(2026, 10, 28), 7).toDateString()).toBe(new Date(2026, 11, 5).toDateString());
  });
});
