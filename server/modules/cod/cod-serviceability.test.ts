import { describe, expect, it } from 'vitest';
import type { CodServiceability } from '../../providers/shiprocket/cod';
import { createCodServiceabilityLookup } from './cod-serviceability';

// docs/architecture.md#cod-orders: one call to Shiprocket per pincode while its answer is kept; a failure is not kept.

function lookupWith(answers: ((pincode: string) => CodServiceability)[]) {
  const asked: string[] = [];
  const lookup = createCodServiceabilityLookup({
    client: {
      async checkCodServiceability({ deliveryPostcode }) {
        asked.push(deliveryPostcode);
        const answer = answers.shift();
        if (!answer) throw new Error('Shiprocket is down');
        return answer(deliveryPostcode);
      },
    },
    pickupPincode: '110001',
    log: { warn() {} },
  });
  return { lookup, asked };
}

const answer = (available: boolean) => (pincode: string) => ({
  deliveryPostcode: pincode,
  available,
  couriers: [],
  recommendedCourierId: null,
});

describe('which pincodes a courier collects cash at', () => {
  it('asks Shiprocket once per pincode, also for concurrent asks, and keeps a refusal too', async () => {
    const { lookup, asked } = lookupWith([answer(true), answer(false)]);
    expect(await Promise.all([lookup.servesCod('560001'), lookup.servesCod('560001')])).toEqual([true, true]);
    expect(await lookup.servesCod('744101')).toBe(false);
    expect(await lookup.servesCod('744101')).toBe(false);
    expect(asked).toEqual(['560001', '744101']);
  });

  it('does not keep a failure: the next ask goes to Shiprocket again', async () => {
    const { lookup, asked } = lookupWith([]);
    expect(await lookup.servesCod('560001')).toBeUndefined();
    expect(await lookup.servesCod('560001')).toBeUndefined();
    expect(asked).toEqual(['560001', '560001']);
  });
});
