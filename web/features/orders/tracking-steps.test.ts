import { describe, expect, it } from 'vitest';
import { formatScanTime, plainScanText, reachedStep, trackingSteps } from './tracking-steps';

describe('reachedStep', () => {
  it('follows the parcel from Ordered to Delivered', () => {
    const at = (step: number) => trackingSteps[step];
    expect(at(reachedStep('processing', null))).toBe('Ordered');
    expect(at(reachedStep('processing', 'created'))).toBe('Ordered');
    expect(at(reachedStep('processing', 'pickup_scheduled'))).toBe('Packed');
    expect(at(reachedStep('shipped', 'picked_up'))).toBe('Shipped');
    expect(at(reachedStep('shipped', 'in_transit'))).toBe('Shipped');
    expect(at(reachedStep('out_for_delivery', 'out_for_delivery'))).toBe('Out for delivery');
    expect(at(reachedStep('delivered', 'delivered'))).toBe('Delivered');
  });
});

describe('scan texts', () => {
  it('reads a courier label in plain words and a scan time in India', () => {
    expect(plainScanText('OUT FOR PICKUP')).toBe('Out for pickup');
    expect(plainScanText('IN_TRANSIT')).toBe('In transit');
    expect(formatScanTime('2026-11-28T09:00:00.000Z')).toBe('Sat, 28 Nov, 2:30 pm IST');
  });
});
