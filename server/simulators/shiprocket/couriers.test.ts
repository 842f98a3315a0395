import { describe, expect, it } from 'vitest';
import { quoteCouriers, recommendedQuote, UNSERVICEABLE_PINCODES } from './couriers';

const today = new Date('2026-11-23T06:00:00.000Z');
const fastestDays = (pincode: string) =>
  Math.min(...quoteCouriers('110001', pincode, 0.5, false, today).map((quote) => quote.days));

describe("the simulated couriers' reach", () => {
  it('takes longer the further the pincode is from the pickup, and longer still in remote regions', () => {
    expect(fastestDays('110011')).toBe(1);
    expect(fastestDays('122001')).toBe(3);
    expect(fastestDays('560001')).toBe(4);
    // Srinagar: the same postal zone as Delhi, but remote; Guwahati: across India, and remote.
    expect(fastestDays('190001')).toBe(5);
    expect(fastestDays('781001')).toBe(6);
  });

  it('serves no army postal pincode, nor the Lakshadweep islands and the remote Andamans', () => {
    for (const pincode of ['990001', '682555', '744301', ...UNSERVICEABLE_PINCODES]) {
      expect(quoteCouriers('110001', pincode, 0.5, false, today), pincode).toEqual([]);
    }
    expect(recommendedQuote(quoteCouriers('110001', '744101', 0.5, false, today))).toBeDefined();
  });

  it("dates each courier's estimate from today, in India's time", () => {
    const [quote] = quoteCouriers('110001', '110011', 0.5, false, today);
    expect(quote?.option.etd).toMatch(/^Nov 2[4-6], 2026$/);
  });
});
