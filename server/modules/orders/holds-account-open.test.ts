import { describe, expect, it } from 'vitest';
import { holdsAccountOpen, type OrderState } from './lifecycle';

const state = (overrides: Partial<OrderState>): OrderState => ({
  status: 'confirmed',
  paymentStatus: 'paid',
  refund: null,
  shipmentStage: null,
  stockTaken: true,
  holds: false,
  couponUse: null,
  codAdvance: null,
  ...overrides,
});

describe('holdsAccountOpen (docs/product.md#your-data)', () => {
  it.each([
    ['paid, not yet booked', state({}), true],
    ['on its way', state({ status: 'shipped', shipmentStage: 'in_transit' }), true],
    ['out for delivery', state({ status: 'out_for_delivery', shipmentStage: 'out_for_delivery' }), true],
    ['delivered', state({ status: 'delivered', shipmentStage: 'delivered' }), false],
    ['cancelled, refund owed', state({ status: 'cancelled' }), true],
    ['cancelled, refund pending at Razorpay', state({ status: 'cancelled', refund: 'pending' }), true],
    [
      'cancelled and refunded',
      state({ status: 'cancelled', paymentStatus: 'refunded', refund: 'processed' }),
      false,
    ],
    ['a checkout never paid', state({ status: 'pending', paymentStatus: 'pending' }), false],
    ['an abandoned checkout', state({ status: 'cancelled', paymentStatus: 'failed' }), false],
  ])('%s: %s', (_name, order, holds) => {
    expect(holdsAccountOpen(order)).toBe(holds);
  });
});
