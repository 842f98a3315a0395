import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shareInProportion } from './allocation';

const weightsArbitrary = fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 20 });

describe('sharing an amount in proportion', () => {
  it('gives each part the floor of its exact share and the paise left to the largest part', () => {
    expect(shareInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareInProportion(100, [1, 3, 1])).toEqual([20, 60, 20]);
    // Exact shares 2.99, 3 and 4.01: floors 2, 3 and 4, and the paisa left goes to the largest line, not to the 2.99.
    expect(shareInProportion(10, [299, 300, 401])).toEqual([2, 3, 5]);
  });

  it('puts nothing on a part of no weight, and nothing anywhere when all weigh nothing', () => {
    expect(shareInProportion(50, [0, 10, 0])).toEqual([0, 50, 0]);
    expect(shareInProportion(50, [0, 0])).toEqual([0, 0]);
  });

  it('never puts more on a part than its weight: 2 paise over three parts of 1 is 1, 1, 0', () => {
    expect(shareInProportion(2, [1, 1, 1])).toEqual([1, 1, 0]);
  });

  it('for any amount up to the weights, the shares add up, none negative, none above its weight, each within the parts of its exact share', () => {
    fc.assert(
      fc.property(
        weightsArbitrary.filter((weights) => weights.some((weight) => weight > 0)),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, fraction) => {
          const total = weights.reduce((sum, weight) => sum + weight, 0);
          const amount = Math.floor(total * fraction);
          const shares = shareInProportion(amount, weights);
          expect(shares.reduce((sum, share) => sum + share, 0)).toBe(amount);
          shares.forEach((share, index) => {
            const weight = weights[index] ?? 0;
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(weight);
            expect(Math.abs(share - (amount * weight) / total)).toBeLessThan(weights.length);
          });
        },
      ),
    );
  });

  it('for an amount over the weights (never a coupon or a refund), the shares still add up', () => {
    fc.assert(
      fc.property(weightsArbitrary, fc.integer({ min: 0, max: 10_000_000 }), (weights, extra) => {
        const total = weights.reduce((sum, weight) => sum + weight, 0);
        if (total === 0) return;
        const shares = shareInProportion(total + extra, weights);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total + extra);
      }),
    );
  });
});
