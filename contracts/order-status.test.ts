import { describe, expect, it } from 'vitest';
import { isOrderStatus, orderStatusColour, orderStatuses, orderStatusLabel } from './order-status';

describe('order status (docs/product.md#order-statuses)', () => {
  it.each([
    ['pending', 'Pending', 'orange'],
    ['confirmed', 'Confirmed', 'blue'],
    ['processing', 'Processing', 'teal'],
    ['shipped', 'Shipped', 'darkorange'],
    ['out_for_delivery', 'Out for Delivery', 'darkorange'],
    ['delivered', 'Delivered', 'green'],
    ['cancelled', 'Cancelled', 'red'],
    ['returned_to_origin', 'Returned to Origin', 'brown'],
  ] as const)('%s reads %s in %s', (status, label, colour) => {
    expect(orderStatusLabel(status)).toBe(label);
    expect(orderStatusColour(status)).toBe(colour);
  });

  it('knows exactly the eight statuses', () => {
    expect(orderStatuses).toHaveLength(8);
    expect(isOrderStatus('confirmed')).toBe(true);
    expect(isOrderStatus('paid')).toBe(false);
    expect(isOrderStatus(undefined)).toBe(false);
  });
});
