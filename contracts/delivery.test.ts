import { describe, expect, it } from 'vitest';
import {
  addDays,
  arrivalText,
  DISPATCH_DAYS,
  deliveryByLabel,
  expectedDeliveryDate,
  formatArrivalDay,
  indiaToday,
  PINCODE_PATTERN,
  pincodeStateWarning,
  promisedDeliveryDate,
  TRANSIT_DAYS,
} from './delivery';

describe('the delivery date a shopper is promised', () => {
  it('is the day promised for the pincode at checkout, until the courier quotes its own', () => {
    const order = { orderedAt: '2026-11-23T20:00:00.000Z', promisedDate: '2026-11-27' };
    expect(arrivalText(order)).toBe('Arriving Friday, 27 Nov');
    expect(arrivalText({ ...order, courierEstimate: '2026-11-26T18:31:00.000Z' })).toBe(
      'Arriving Friday, 27 Nov',
    );
  });

  it('says what changed when the courier quotes a day other than the one promised', () => {
    const order = { orderedAt: '2026-11-23T20:00:00.000Z', promisedDate: '2026-11-27' };
    expect(arrivalText({ ...order, courierEstimate: '2026-11-25T18:30:00.000Z' })).toBe(
      'Arriving earlier: Thursday, 26 Nov',
    );
    expect(arrivalText({ ...order, courierEstimate: '2026-11-29T06:00:00.000Z' })).toBe(
      'Arriving later: Sunday, 29 Nov',
    );
    // An order placed before promises were kept has only the courier's day: nothing to compare.
    expect(arrivalText({ orderedAt: order.orderedAt, courierEstimate: '2026-11-25T18:30:00.000Z' })).toBe(
      'Arriving Thursday, 26 Nov',
    );
  });

  it('counts, for an order placed before promises were kept, the policy’s last dispatch day and a courier’s usual transit', () => {
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

describe('the delivery promise for a pincode', () => {
  it('counts the dispatch days and the courier’s days from today in India', () => {
    // 23 November 2026, 20:00 in UTC, is already the 24th in India.
    expect(indiaToday(new Date('2026-11-23T20:00:00.000Z'))).toBe('2026-11-24');
    expect(promisedDeliveryDate(new Date('2026-11-23T20:00:00.000Z'), 2, 3)).toBe('2026-11-29');
    expect(promisedDeliveryDate(new Date('2026-11-23T06:00:00.000Z'), 2, 3)).toBe('2026-11-28');
  });

  it('crosses months and years as calendar days', () => {
    expect(addDays('2026-12-30', 4)).toBe('2027-01-03');
    expect(addDays('2028-02-27', 2)).toBe('2028-02-29');
  });

  it('names the day as the marketplaces do', () => {
    expect(deliveryByLabel('2026-11-27')).toBe('Delivery by Fri, 27 Nov');
    expect(deliveryByLabel('2026-09-03')).toBe('Delivery by Thu, 3 Sep');
  });

  it('tells a pincode from anything else', () => {
    expect(PINCODE_PATTERN.test('560001')).toBe(true);
    expect(['056001', '56001', '5600011', '56000a'].some((text) => PINCODE_PATTERN.test(text))).toBe(false);
  });
});

describe('a pincode outside the chosen state', () => {
  it('is flagged with the states it belongs to', () => {
    expect(pincodeStateWarning('560001', 'Kerala')).toBe(
      'Pincode 560001 is in Karnataka, not Kerala. Please check the address.',
    );
    expect(pincodeStateWarning('682001', 'Lakshadweep')).toBeUndefined();
  });

  it('is not flagged when it fits, or when the state or the pincode is unknown', () => {
    expect(pincodeStateWarning('560001', 'karnataka')).toBeUndefined();
    expect(pincodeStateWarning('560001', 'Atlantis')).toBeUndefined();
    expect(pincodeStateWarning('990001', 'Kerala')).toBeUndefined();
  });
});
