import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountToFreeShipping,
  computeCartTotals,
  discountedUnitPrice,
  rupeesToPaise,
  shippingFee,
} from './pricing';

describe('discountedUnitPrice (docs/product.md#money)', () => {
  it.each([
    [399, 40, 239],
    [949, 40, 569],
    [999, 40, 599],
    [899, 40, 539],
    [649, 40, 389],
    [5, 10, 5], // 4.5 rounds up
    [100, 0, 100],
    [100, 100, 0],
  ])('round(%i x (1 - %i/100)) = %i', (price, discount, expected) => {
    expect(discountedUnitPrice(price, discount)).toBe(expected);
  });

  it('never exceeds the list price and is never negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (price, discount) => {
          const discounted = discountedUnitPrice(price, discount);
          return discounted >= 0 && discounted <= price && Number.isInteger(discounted);
        },
      ),
    );
  });

  it('agrees with the spec formula wherever float arithmetic is exact', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom(0, 10, 20, 25, 40, 50),
        (price, discount) => {
          const spec = Math.round(price * (1 - discount / 100));
          expect(Math.abs(discountedUnitPrice(price, discount) - spec)).toBeLessThanOrEqual(0);
        },
      ),
    );
  });
});

describe('shippingFee (docs/product.md#money)', () => {
  it.each([
    [0, 100],
    [239, 100],
    [499, 100],
    [500, 75],
    [999, 75],
    [1000, 0],
    [1198, 0],
  ])('subtotal %i ships for %i', (subtotal, fee) => {
    expect(shippingFee(subtotal)).toBe(fee);
  });

  it('never rises as the subtotal grows', () => {
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(5000), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        return shippingFee(high) <= shippingFee(low);
      }),
    );
  });
});

describe('computeCartTotals (docs/product.md#money)', () => {
  it('one Face Mitt: subtotal 239, shipping 100, total 339', () => {
    expect(computeCartTotals([{ price: 399, discount: 40, quantity: 1 }])).toEqual({
      mrp: 399,
      subtotal: 239,
      discount: 160,
      shipping: 100,
      tax: 0,
      total: 339,
    });
  });

  it('two Luxury Mitts: subtotal 1198, shipping free, total 1198', () => {
    expect(computeCartTotals([{ price: 999, discount: 40, quantity: 2 }])).toMatchObject({
      subtotal: 1198,
      discount: 800,
      shipping: 0,
      total: 1198,
    });
  });

  it('charges nothing for an empty cart', () => {
    expect(computeCartTotals([])).toEqual({
      mrp: 0,
      subtotal: 0,
      discount: 0,
      shipping: 0,
      tax: 0,
      total: 0,
    });
  });

  const line = fc.record({
    price: fc.integer({ min: 1, max: 5000 }),
    discount: fc.integer({ min: 0, max: 100 }),
    quantity: fc.integer({ min: 1, max: 10 }),
  });

  it('holds the spec identities for any cart', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), (lines) => {
        const totals = computeCartTotals(lines);
        const subtotal = lines.reduce(
          (sum, l) => sum + discountedUnitPrice(l.price, l.discount) * l.quantity,
          0,
        );
        const discount = lines.reduce(
          (sum, l) => sum + (l.price - discountedUnitPrice(l.price, l.discount)) * l.quantity,
          0,
        );
        expect(totals.subtotal).toBe(subtotal);
        expect(totals.discount).toBe(discount);
        expect(totals.mrp).toBe(totals.subtotal + totals.discount);
        expect(totals.total).toBe(totals.subtotal + shippingFee(totals.subtotal));
        expect(totals.tax).toBe(0);
      }),
    );
  });

  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 10 }), (lines) => {
        expect(computeCartTotals([...lines].reverse())).toEqual(computeCartTotals(lines));
      }),
    );
  });
});

describe('rupeesToPaise (docs/product.md#money)', () => {
  it.each([
    [339, 33_900],
    [1198, 119_800],
    [0.1 + 0.2, 30],
    [19.999, 2000],
  ])('%d rupees are %i paise', (rupees, paise) => {
    expect(rupeesToPaise(rupees)).toBe(paise);
  });

  it('is a whole number of paise for any whole rupee amount', () => {
    fc.assert(fc.property(fc.nat(10_000_000), (rupees) => rupeesToPaise(rupees) === rupees * 100));
  });
});

describe('amountToFreeShipping', () => {
  it('is what the subtotal lacks below ₹1,000, and nothing from ₹1,000 or for an empty cart', () => {
    expect(amountToFreeShipping(599)).toBe(401);
    expect(amountToFreeShipping(999)).toBe(1);
    expect(amountToFreeShipping(1000)).toBe(0);
    expect(amountToFreeShipping(1198)).toBe(0);
    expect(amountToFreeShipping(0)).toBe(0);
  });
});
