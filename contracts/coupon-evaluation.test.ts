import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CouponHistory, type CouponLine, type CouponTerms, evaluateCoupon } from './coupon-evaluation';
import { couponMessages } from './coupon-rules';
import { shippingFee } from './pricing';

const now = new Date('2026-11-20T06:30:00Z');
const noHistory: CouponHistory = {
  usedCount: 0,
  heldByOthers: 0,
  shopperUses: 0,
  shopperHasPaidOrder: false,
};

function terms(overrides: Partial<CouponTerms> = {}): CouponTerms {
  return {
    code: 'FESTIVE15',
    kind: 'percent',
    percentOff: 15,
    maxDiscountPaise: null,
    amountOffPaise: null,
    minOrderPaise: 0,
    validFrom: new Date('2026-11-01T00:00:00Z'),
    validUntil: null,
    totalUses: null,
    usesPerShopper: 1,
    firstOrderOnly: false,
    productIds: [],
    categories: [],
    status: 'active',
    ...overrides,
  };
}

const line = (productId: number, rupees: number, quantity = 1, category = 'bath'): CouponLine => ({
  productId,
  category,
  unitPricePaise: rupees * 100,
  quantity,
});

/** The fee of the subtotal before the coupon, as the cart charges it. */
const feeOf = (lines: readonly CouponLine[]) =>
  shippingFee(lines.reduce((sum, each) => sum + each.unitPricePaise * each.quantity, 0) / 100) * 100;

describe('what a code takes off', () => {
  it('15% of ₹799 + 2 × ₹240: ₹191.85, shared 119.85 and 72.00, the total before shipping ₹1,087.15', () => {
    const lines = [line(1, 799), line(2, 240, 2)];
    const verdict = evaluateCoupon(terms(), lines, feeOf(lines), noHistory, now);
    expect(verdict).toEqual({
      applies: true,
      discountPaise: 19_185,
      sharesPaise: [11_985, 7200],
      freeShipping: false,
      shippingPaise: 0,
      totalPaise: 127_900 - 19_185,
    });
  });

  it('rounds half up: 15% of ₹3 is 45 paise; 10% of ₹1.05 is not possible, 50% of ₹1 is 50', () => {
    expect(evaluateCoupon(terms(), [line(1, 3)], 0, noHistory, now)).toMatchObject({ discountPaise: 45 });
    const half = evaluateCoupon(terms({ percentOff: 50 }), [line(1, 201)], 0, noHistory, now);
    expect(half).toMatchObject({ discountPaise: 10_050 });
  });

  it('a cap limits a percent; a flat amount never exceeds the covered lines', () => {
    const capped = evaluateCoupon(terms({ maxDiscountPaise: 10_000 }), [line(1, 2000)], 0, noHistory, now);
    expect(capped).toMatchObject({ discountPaise: 10_000 });
    const flat = terms({ kind: 'flat', percentOff: null, amountOffPaise: 50_000, categories: ['gloves'] });
    const lines = [line(1, 300, 1, 'gloves'), line(2, 900, 1, 'bath')];
    expect(evaluateCoupon(flat, lines, 0, noHistory, now)).toMatchObject({
      discountPaise: 30_000,
      sharesPaise: [30_000, 0],
    });
  });

  it('free shipping makes the fee 0 and takes nothing off the goods; on an order shipping free it gives 0', () => {
    const free = terms({ kind: 'free_shipping', percentOff: null });
    expect(evaluateCoupon(free, [line(1, 499)], 10_000, noHistory, now)).toMatchObject({
      discountPaise: 0,
      freeShipping: true,
      shippingPaise: 0,
      totalPaise: 49_900,
    });
    expect(evaluateCoupon(free, [line(1, 1200)], 0, noHistory, now)).toMatchObject({
      applies: true,
      shippingPaise: 0,
      totalPaise: 120_000,
    });
  });

  it('leaves the order 100 paise: a 100% code on ₹1,200 shipping free takes ₹1,199', () => {
    const all = evaluateCoupon(terms({ percentOff: 100 }), [line(1, 1200)], 0, noHistory, now);
    expect(all).toMatchObject({ discountPaise: 119_900, totalPaise: 100 });
  });
});

describe('when a code does not apply, the message says why', () => {
  const cart = [line(1, 350)];
  const refusal = (overrides: Partial<CouponTerms>, history: Partial<CouponHistory> = {}) =>
    evaluateCoupon(terms(overrides), cart, 10_000, { ...noHistory, ...history }, now);

  it.each([
    ['paused', { status: 'paused' as const }, {}, couponMessages.inactive],
    ['ended', { status: 'ended' as const }, {}, couponMessages.inactive],
    [
      'not yet valid',
      { validFrom: new Date('2026-12-01T04:30:00Z') },
      {},
      'This coupon can be used from 1 Dec 2026, 10:00 am.',
    ],
    ['expired', { validUntil: now }, {}, couponMessages.expired],
    [
      'used up, the last use held',
      { totalUses: 5 },
      { usedCount: 3, heldByOthers: 2 },
      couponMessages.usedUp,
    ],
    ['used by the shopper', { usesPerShopper: 2 }, { shopperUses: 2 }, couponMessages.alreadyUsed],
    [
      'not a first order',
      { firstOrderOnly: true },
      { shopperHasPaidOrder: true },
      couponMessages.firstOrderOnly,
    ],
    ['no eligible line', { productIds: [7] }, {}, couponMessages.noEligibleItem],
    ['below the minimum', { minOrderPaise: 50_000 }, {}, 'Add ₹150 more to use FESTIVE15.'],
  ])('%s', (_name, overrides, history, message) => {
    expect(refusal(overrides, history)).toMatchObject({ applies: false, message });
  });

  it('applies with one use left that nobody holds', () => {
    expect(refusal({ totalUses: 5 }, { usedCount: 4, heldByOthers: 0 })).toMatchObject({ applies: true });
  });
});

const linesArbitrary = fc.array(
  fc.record({
    productId: fc.integer({ min: 1, max: 6 }),
    category: fc.constantFrom('bath', 'gloves', 'premium'),
    unitPricePaise: fc.integer({ min: 0, max: 5_000 }).map((rupees) => rupees * 100),
    quantity: fc.integer({ min: 1, max: 10 }),
  }),
  { minLength: 1, maxLength: 8 },
);

const termsArbitrary = fc.record({
  kind: fc.constantFrom('percent' as const, 'flat' as const, 'free_shipping' as const),
  percentOff: fc.integer({ min: 1, max: 100 }),
  cap: fc.option(fc.integer({ min: 1, max: 5_000 }).map((rupees) => rupees * 100)),
  amountOffPaise: fc.integer({ min: 1, max: 10_000 }).map((rupees) => rupees * 100),
  productIds: fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 3 }),
  categories: fc.subarray(['bath', 'gloves', 'premium']),
});

describe('for any cart and any code (docs/product.md#money)', () => {
  it('the shares add up to the discount, none negative or above its line, lines not covered get none, and the total is subtotal - discount + shipping, never below 100 paise', () => {
    fc.assert(
      fc.property(linesArbitrary, termsArbitrary, (lines, drawn) => {
        const code = terms({
          kind: drawn.kind,
          percentOff: drawn.kind === 'percent' ? drawn.percentOff : null,
          maxDiscountPaise: drawn.kind === 'percent' ? drawn.cap : null,
          amountOffPaise: drawn.kind === 'flat' ? drawn.amountOffPaise : null,
          productIds: drawn.productIds,
          categories: drawn.categories,
        });
        const subtotal = lines.reduce((sum, each) => sum + each.unitPricePaise * each.quantity, 0);
        const fee = feeOf(lines);
        const verdict = evaluateCoupon(code, lines, fee, noHistory, now);
        if (!verdict.applies) {
          expect(verdict.refusal).toBe('noEligibleItem');
          return;
        }
        const shares = verdict.sharesPaise;
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(verdict.discountPaise);
        const everyLine = code.productIds.length === 0 && code.categories.length === 0;
        lines.forEach((each, index) => {
          const share = shares[index] ?? -1;
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(each.unitPricePaise * each.quantity);
          const covered =
            everyLine || code.productIds.includes(each.productId) || code.categories.includes(each.category);
          if (!covered) expect(share).toBe(0);
        });
        expect(verdict.totalPaise).toBe(subtotal - verdict.discountPaise + verdict.shippingPaise);
        expect(verdict.shippingPaise).toBeLessThanOrEqual(fee);
        if (subtotal + fee >= 100) expect(verdict.totalPaise).toBeGreaterThanOrEqual(100);
        if (code.kind === 'free_shipping') expect(verdict.discountPaise).toBe(0);
        if (code.kind !== 'free_shipping') expect(verdict.shippingPaise).toBe(fee);
        if (code.kind === 'percent' && code.maxDiscountPaise !== null) {
          expect(verdict.discountPaise).toBeLessThanOrEqual(code.maxDiscountPaise);
        }
        if (code.kind === 'flat') expect(verdict.discountPaise).toBeLessThanOrEqual(code.amountOffPaise ?? 0);
      }),
    );
  });
});
