import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  evaluatePrepaidOffer,
  PREPAID_OFFER_OFF,
  PrepaidOfferBodySchema,
  type PrepaidOfferTerms,
  prepaidOfferMessages,
} from './prepaid-offer';

// docs/product.md#prepaid-offer: what paying online takes off, after the code, on what is left of the goods.

const percent = (percentOff: number, maxDiscountPaise: number): PrepaidOfferTerms => ({
  enabled: true,
  kind: 'percent',
  percentOff,
  maxDiscountPaise,
  amountOffPaise: null,
});
const flat = (amountOffPaise: number): PrepaidOfferTerms => ({
  enabled: true,
  kind: 'flat',
  percentOff: null,
  maxDiscountPaise: null,
  amountOffPaise,
});

describe('the prepaid offer', () => {
  it('takes a percent of the goods left after the code, rounded half up, at most the cap, shared by the lines', () => {
    // ₹430.20 and ₹512.10 left after a code: 5 % is ₹47.115 → ₹47.12; capped at ₹40.
    expect(
      evaluatePrepaidOffer(percent(5, 4000), [{ valuePaise: 43_020 }, { valuePaise: 51_210 }], 94_230),
    ).toEqual({ discountPaise: 4000, sharesPaise: [1826, 2174] });
    expect(
      evaluatePrepaidOffer(percent(5, 10_000), [{ valuePaise: 43_020 }, { valuePaise: 51_210 }], 94_230),
    ).toEqual({ discountPaise: 4712, sharesPaise: [2151, 2561] });
  });

  it('takes a flat amount, at most the goods, and always leaves the order 100 paise to charge', () => {
    expect(evaluatePrepaidOffer(flat(5000), [{ valuePaise: 23_900 }], 33_900).discountPaise).toBe(5000);
    expect(evaluatePrepaidOffer(flat(50_000), [{ valuePaise: 23_900 }], 33_900).discountPaise).toBe(23_900);
    // Goods of ₹1.50 shipped free (a code took the rest): the offer leaves ₹1.
    expect(evaluatePrepaidOffer(flat(5000), [{ valuePaise: 150 }], 150).discountPaise).toBe(50);
  });

  it('takes nothing while it is off', () => {
    expect(evaluatePrepaidOffer(PREPAID_OFFER_OFF, [{ valuePaise: 23_900 }], 33_900)).toEqual({
      discountPaise: 0,
      sharesPaise: [0],
    });
    expect(
      evaluatePrepaidOffer({ ...flat(5000), enabled: false }, [{ valuePaise: 23_900 }], 33_900).discountPaise,
    ).toBe(0);
  });

  it('for any terms and lines, the shares add up, none is above its line, and the order keeps 100 paise', () => {
    const terms = fc.oneof(
      fc
        .record({ p: fc.integer({ min: 1, max: 50 }), cap: fc.integer({ min: 100, max: 100_000 }) })
        .map(({ p, cap }) => percent(p, cap)),
      fc.integer({ min: 100, max: 100_000 }).map(flat),
    );
    fc.assert(
      fc.property(
        terms,
        fc.array(fc.integer({ min: 0, max: 500_000 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 20_000 }),
        (offer, values, shippingPaise) => {
          const goods = values.reduce((sum, value) => sum + value, 0);
          const charged = Math.max(100, goods + shippingPaise);
          const { discountPaise, sharesPaise } = evaluatePrepaidOffer(
            offer,
            values.map((valuePaise) => ({ valuePaise })),
            charged,
          );
          expect(sharesPaise.reduce((sum, share) => sum + share, 0)).toBe(discountPaise);
          sharesPaise.forEach((share, index) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(values[index] ?? 0);
          });
          expect(charged - discountPaise).toBeGreaterThanOrEqual(100);
          if (offer.kind === 'percent')
            expect(discountPaise).toBeLessThanOrEqual(offer.maxDiscountPaise ?? 0);
        },
      ),
    );
  });

  it("says the saving in the shop's way: whole rupees, or to the paisa", () => {
    expect(prepaidOfferMessages.save(5000)).toBe('Pay online and save ₹50');
    expect(prepaidOfferMessages.save(2390)).toBe('Pay online and save ₹23.90');
  });

  it('needs the chosen kind’s figures only while the offer is on', () => {
    const off = {
      enabled: false,
      kind: 'percent',
      percentOff: null,
      maxDiscountPaise: null,
      amountOffPaise: null,
    };
    expect(PrepaidOfferBodySchema.safeParse(off).success).toBe(true);
    const on = PrepaidOfferBodySchema.safeParse({ ...off, enabled: true });
    expect(on.success ? [] : on.error.issues.map((issue) => issue.message)).toEqual([
      prepaidOfferMessages.percentRange,
      prepaidOfferMessages.capRange,
    ]);
  });
});
