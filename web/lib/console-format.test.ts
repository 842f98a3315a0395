import { describe, expect, it } from 'vitest';
import { shopperContactLine } from './console-format';

// docs/product.md#staff: the orders list's shopper line shows what the shopper has, formatted, nothing empty.
describe('a shopper’s contact line', () => {
  it.each([
    [{ name: 'Bhavna Shah', phone: '9886022222', email: '' }, 'Bhavna Shah, +91 98860 22222'],
    [{ name: 'Asha Rao', phone: '', email: 'asha@example.in' }, 'Asha Rao, asha@example.in'],
    [
      { name: 'Asha Rao', phone: '9876500001', email: 'asha@example.in' },
      'Asha Rao, +91 98765 00001, asha@example.in',
    ],
    [{ name: ' ', phone: null, email: null }, ''],
  ])('%o reads "%s"', (shopper, line) => {
    expect(shopperContactLine(shopper)).toBe(line);
  });
});
