import { describe, expect, it } from 'vitest';
import { addDays, formatDate, formatRupees, formatRupeesExact } from './format';

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

  it('adds days across a month end', () => {
    expect(addDays(new Date(2026, 10, 28), 7).toDateString()).toBe(new Date(2026, 11, 5).toDateString());
  });
});
