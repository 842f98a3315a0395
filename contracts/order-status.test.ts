import { describe, expect, it } from 'vitest';
import {
  isOrderStatus,
  orderStatusColour,
  orderStatuses,
  orderStatusLabel,
  statusChangeText,
} from './order-status';

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

// docs/product.md#staff: the console's timelines name a status change in words.
describe('a status change in words', () => {
  it.each([
    ['order', 'shipmentStage', null, 'awb_assigned', 'Shipment: AWB assigned'],
    ['order', 'shipmentStage', 'picked_up', 'in_transit', 'Shipment: Picked up → In transit'],
    ['order', 'status', 'confirmed', 'out_for_delivery', 'Order status: Confirmed → Out for Delivery'],
    [
      'order',
      'paymentStatus',
      'cod_due',
      'collected',
      'Payment: Cash on delivery, not collected yet → Cash collected on delivery',
    ],
    ['payment', 'status', 'authorized', 'captured', 'Razorpay payment: Authorized → Captured'],
    ['refund', 'status', null, 'processed', 'Refund: Processed'],
  ] as const)('%s %s %s → %s reads "%s"', (entity, field, from, to, text) => {
    expect(statusChangeText(entity, field, from, to)).toBe(text);
  });
});
