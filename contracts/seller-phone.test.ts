import { describe, expect, it } from 'vitest';
import { formatSellerPhone } from './seller-phone';

// docs/product.md#seller-and-grievance-officer: a seller's number is a mobile, a landline or a toll-free number.
describe('a seller’s phone number', () => {
  it.each([
    ['98450 12345', '+91 98450 12345'],
    ['+91-98450-12345', '+91 98450 12345'],
    ['080-2345 6789', '+91 80 2345 6789'],
    ['011 2345 6789', '+91 11 2345 6789'],
    ['0120 456 7890', '+91 120 456 7890'],
    ['1800 123 4567', '1800 123 4567'],
    ['1860-500-1234', '1860 500 1234'],
  ])('reads %s as %s', (typed, shown) => {
    expect(formatSellerPhone(typed)).toBe(shown);
  });

  it.each(['', '12345', '040 2345 678', '+1 202 555 0100', '99999 99999', '98765 43210', 'care'])(
    'refuses %j',
    (typed) => {
      expect(formatSellerPhone(typed)).toBeUndefined();
    },
  );
});
