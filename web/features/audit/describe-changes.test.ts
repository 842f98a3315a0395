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
      'payment status: paid → partially_refunded',
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
});
