import { describe, expect, it } from 'vitest';
import { describeChanges } from './describe-changes';

describe('describeChanges', () => {
  it('reads each changed field as "field: before → after", amounts in rupees, unchanged fields left out', () => {
    expect(
      describeChanges(
        { status: 'confirmed', paymentStatus: 'paid', shipmentStage: null },
        {
          status: 'confirmed',
          paymentStatus: 'partially_refunded',
          shipmentStage: null,
          refund: { amountPaise: 5000, reason: 'Parcel arrived damaged' },
        },
      ),
    ).toEqual([
      'payment status: Paid → Partially refunded',
      'refund amount: ₹50.00',
      'refund reason: Parcel arrived damaged',
    ]);
  });

  it('shows a field that went away, a value that is not a record, and nothing for no change', () => {
    expect(describeChanges({ role: 'support', blockedAt: '2026-11-01' }, { role: 'owner' })).toEqual([
      'role: support → owner',
      'blocked at: 2026-11-01 → —',
    ]);
    expect(describeChanges(null, 'active')).toEqual(['— → active']);
    expect(describeChanges({ stock: 4 }, { stock: 4 })).toEqual([]);
    expect(describeChanges(null, null)).toEqual([]);
  });

  // docs/product.md#staff: statuses in words, as the order's and the return's pages write them.
  it("writes an order's and a return's statuses in words, not their codes", () => {
    expect(
      describeChanges(
        { status: 'confirmed', paymentStatus: 'cod_due', shipmentStage: 'created' },
        { status: 'cancelled', paymentStatus: 'cod_due', shipmentStage: 'awb_assigned' },
        'order',
      ),
    ).toEqual(['status: Confirmed → Cancelled', 'shipment stage: Booked → AWB assigned']);
    expect(describeChanges({ status: 'requested' }, { status: 'pickup_booked' }, 'return')).toEqual([
      'status: Return requested → Pickup booked',
    ]);
  });
});
