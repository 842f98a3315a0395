import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countLinks, earnedRating, RATING_PRIOR_WEIGHT, roundedAverage } from './review-rules';

// docs/product.md#earned-rating

const stars = (...ratings: number[]) => ({ count: ratings.length, sum: ratings.reduce((a, b) => a + b, 0) });

describe('the earned rating', () => {
  it("is the spec's rating while a product has no reviews", () => {
    for (const prior of [1, 2, 3, 4, 5]) expect(earnedRating(prior, stars())).toBe(prior);
  });

  it('weighs the spec’s rating as three reviews', () => {
    expect(RATING_PRIOR_WEIGHT).toBe(3);
    // (4 × 3 + 5) / (3 + 1)
    expect(earnedRating(4, stars(5))).toBe(4.25);
    // (3 × 3 + 5 + 5 + 5) / 6
    expect(earnedRating(3, stars(5, 5, 5))).toBe(4);
  });

  it('does not lift a product with one 5-star review above one with 200 reviews at 4.6', () => {
    // Both rated 4 by the spec: 200 reviews averaging 4.6 (120 fives, 80 fours) against a single five.
    const many = { count: 200, sum: 120 * 5 + 80 * 4 };
    expect(many.sum / many.count).toBe(4.6);
    const established = earnedRating(4, many);
    const newcomer = earnedRating(4, stars(5));
    expect(established).toBeCloseTo(4.5911, 4);
    expect(newcomer).toBe(4.25);
    expect(newcomer).toBeLessThan(established);
    // Nor one the spec rated 3, even with three fives.
    expect(earnedRating(3, stars(5, 5, 5))).toBeLessThan(established);
  });

  it('follows the reviews once they outnumber the prior', () => {
    // 30 one-star reviews of a product the spec rated 5: (15 + 30) / 33.
    expect(earnedRating(5, { count: 30, sum: 30 })).toBeCloseTo(1.364, 3);
  });

  it('stays between the prior and the reviews’ average, and a hidden review leaves it as if never written', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 300 }),
        (prior, ratings) => {
          const earned = earnedRating(prior, stars(...ratings));
          const average = ratings.reduce((a, b) => a + b, 0) / ratings.length;
          expect(earned).toBeGreaterThanOrEqual(Math.min(prior, average) - 1e-9);
          expect(earned).toBeLessThanOrEqual(Math.max(prior, average) + 1e-9);
        },
      ),
    );
  });
});

describe('the average a shopper reads', () => {
  it('is one decimal, or none without reviews', () => {
    expect(roundedAverage(0, 0)).toBeNull();
    expect(roundedAverage(14, 3)).toBe(4.7);
    expect(roundedAverage(9, 2)).toBe(4.5);
  });
});

describe('links in a review', () => {
  it('counts schemes, www. and bare shop domains, and not a sentence with a full stop', () => {
    expect(countLinks('See https://example.com/x and www.spam.in')).toBe(2);
    expect(countLinks('cheap at mittens-deals.shop now')).toBe(1);
    expect(countLinks('Soft on skin.Loved it. 10/10 would buy again')).toBe(0);
    expect(countLinks('Great mitt.I use it daily')).toBe(0);
  });
});
