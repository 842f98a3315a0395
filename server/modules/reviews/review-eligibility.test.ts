import { describe, expect, it } from 'vitest';
import { reviewRefusalMessages } from '../../../contracts/review-rules';
import { type BoughtLine, returnedEverything, reviewEligibility } from './review-eligibility';

// docs/product.md#review-eligibility

const line = (overrides: Partial<BoughtLine> = {}): BoughtLine => ({
  orderId: 'order-1',
  orderStatus: 'delivered',
  quantity: 1,
  refundReturnedUnits: 0,
  ...overrides,
});

describe('who may review a product', () => {
  it('takes a delivered line that was kept, tying the review to its order', () => {
    expect(reviewEligibility([line({ orderId: 'a' })])).toEqual({ ok: true, orderId: 'a' });
  });

  it('refuses a shopper who never bought it, or only left a checkout unpaid or cancelled', () => {
    for (const lines of [[], [line({ orderStatus: 'pending' })], [line({ orderStatus: 'cancelled' })]]) {
      expect(reviewEligibility(lines)).toEqual({
        ok: false,
        refusal: 'not_bought',
        message: 'Only shoppers who bought this product can review it.',
      });
    }
  });

  it('refuses an order on its way until it is delivered', () => {
    for (const orderStatus of [
      'confirmed',
      'processing',
      'shipped',
      'out_for_delivery',
      'returned_to_origin',
    ] as const) {
      expect(reviewEligibility([line({ orderStatus })])).toEqual({
        ok: false,
        refusal: 'not_delivered',
        message: 'You can review this product once your order has been delivered.',
      });
    }
  });

  it('refuses a line returned for a refund in full, and takes one with a unit kept', () => {
    expect(reviewEligibility([line({ quantity: 2, refundReturnedUnits: 2 })])).toEqual({
      ok: false,
      refusal: 'refunded',
      message: 'You returned this product for a refund, so it cannot be reviewed.',
    });
    expect(reviewEligibility([line({ quantity: 2, refundReturnedUnits: 1 })])).toEqual({
      ok: true,
      orderId: 'order-1',
    });
  });

  it('takes another delivered order of the product when one was refunded', () => {
    const lines = [
      line({ orderId: 'refunded', refundReturnedUnits: 1 }),
      line({ orderId: 'shipped', orderStatus: 'shipped' }),
      line({ orderId: 'kept' }),
    ];
    expect(reviewEligibility(lines)).toEqual({ ok: true, orderId: 'kept' });
  });

  it('names the furthest the shopper got', () => {
    const refundedAndShipped = [line({ refundReturnedUnits: 1 }), line({ orderStatus: 'shipped' })];
    expect(reviewEligibility(refundedAndShipped)).toMatchObject({ refusal: 'refunded' });
    expect(
      reviewEligibility([line({ orderStatus: 'cancelled' }), line({ orderStatus: 'shipped' })]),
    ).toMatchObject({ refusal: 'not_delivered' });
  });

  it('has a message for every refusal', () => {
    for (const message of Object.values(reviewRefusalMessages)) expect(message.length).toBeGreaterThan(10);
  });
});

describe('an order that returned everything', () => {
  it('is one whose every unit is on a return for a refund', () => {
    expect(
      returnedEverything([line({ quantity: 2, refundReturnedUnits: 2 }), line({ refundReturnedUnits: 1 })]),
    ).toBe(true);
    expect(returnedEverything([line({ quantity: 2, refundReturnedUnits: 2 }), line()])).toBe(false);
  });
});
