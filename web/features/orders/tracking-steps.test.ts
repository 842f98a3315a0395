import { describe, expect, it } from 'vitest';
import {
  failedAttemptNumbers,
  formatScanTime,
  isFailedAttempt,
  plainScanText,
  reachedStep,
  trackingSteps,
} from './tracking-steps';

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

describe('failed delivery attempts', () => {
  const scan = (status: string, activity: string, date: string) => ({ status, activity, date, location: '' });

  it("knows a failed attempt's scan however the courier words it, and nothing else", () => {
    expect(isFailedAttempt(scan('UNDELIVERED', 'Consignee not available', ''))).toBe(true);
    expect(isFailedAttempt(scan('In Transit', 'Delivery attempted - customer not available', ''))).toBe(true);
    expect(isFailedAttempt(scan('NDR', 'Customer refused', ''))).toBe(true);
    expect(isFailedAttempt(scan('OUT FOR DELIVERY', 'Out for delivery', ''))).toBe(false);
    expect(isFailedAttempt(scan('DELIVERED', 'Delivered to consignee', ''))).toBe(false);
    // Shiprocket's status id says it whatever the label.
    expect(isFailedAttempt({ ...scan('Pending', 'Shipment held', ''), statusCode: 21 })).toBe(true);
    expect(isFailedAttempt({ ...scan('OUT FOR DELIVERY', 'Out for delivery', ''), statusCode: 19 })).toBe(
      false,
    );
  });

  it('numbers the failed attempts oldest first, whatever order the scans come in', () => {
    const events = [
      scan('UNDELIVERED', 'Door locked', '2026-12-09T10:00:00.000Z'),
      scan('OUT FOR DELIVERY', 'Out for delivery', '2026-12-09T04:00:00.000Z'),
      scan('UNDELIVERED', 'Customer not available', '2026-12-08T10:00:00.000Z'),
    ];
    expect([...failedAttemptNumbers(events).entries()].sort()).toEqual([
      [0, 2],
      [2, 1],
    ]);
  });
});
