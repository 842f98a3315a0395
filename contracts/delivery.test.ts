import { describe, expect, it } from 'vitest';
import { arrivalText, DISPATCH_DAYS, expectedDeliveryDate, formatArrivalDay, TRANSIT_DAYS } from './delivery';

describe('the delivery date a shopper is promised', () => {
  it('counts the last dispatch day of the policy and a courier’s usual transit', () => {
    expect(DISPATCH_DAYS + TRANSIT_DAYS).toBe(12);
    expect(expectedDeliveryDate({ orderedAt: '2026-11-17T06:30:00.000Z' }).toISOString()).toBe(
      '2026-11-29T06:30:00.000Z',
    );
  });

  it('takes the courier’s own estimate once there is one', () => {
    const courierEstimate = '2026-11-25T18:30:00.000Z';
    expect(
      expectedDeliveryDate({ orderedAt: '2026-11-17T06:30:00.000Z', courierEstimate }).toISOString(),
    ).toBe(courierEstimate);
  });

  it('names the day in India, never an hour', () => {
    // 29 November 2026, 00:30 in India, is still the 28th in UTC.
    expect(formatArrivalDay('2026-11-28T19:00:00.000Z')).toBe('Sunday, 29 Nov');
    expect(arrivalText({ orderedAt: '2026-11-17T06:30:00.000Z' })).toBe('Arriving Sunday, 29 Nov');
  });
});
