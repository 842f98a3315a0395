import { describe, expect, it } from 'vitest';
import type { ServiceabilityReply } from '../../providers/shiprocket/types';
import { createServiceabilityLookup, SERVICEABILITY_TTL_MS } from './serviceability';

function served(days: number): ServiceabilityReply {
  return {
    status: 200,
    data: {
      available_courier_companies: [
        { courier_company_id: 1, courier_name: 'Xpress', estimated_delivery_days: String(days) },
      ] as ServiceabilityReply['data']['available_courier_companies'],
      recommended_courier_company_id: 1,
    },
  };
}

/** A lookup on a clock the test moves, over a Shiprocket whose answers and failures the test sets. */
function lookupWith(answers: (() => Promise<ServiceabilityReply>)[]) {
  const clock = { now: 1_000_000 };
  let calls = 0;
  const lookup = createServiceabilityLookup({
    client: {
      checkServiceability: () => {
        const answer = answers[Math.min(calls, answers.length - 1)];
        calls += 1;
        return answer ? answer() : Promise.reject(new Error('no answer set'));
      },
    },
    pickupPincode: '110001',
    log: { warn: () => {} },
    now: () => clock.now,
  });
  return { lookup, clock, calls: () => calls };
}

describe('the serviceability cache (docs/architecture.md#delivery-promise-cache)', () => {
  it('keeps a pincode’s answer for its hours, then asks Shiprocket again', async () => {
    const { lookup, clock, calls } = lookupWith([async () => served(3), async () => served(5)]);
    expect(await lookup.lookUp('560001')).toEqual({ serviceable: true, courierDays: 3 });
    clock.now += SERVICEABILITY_TTL_MS - 1;
    expect(await lookup.lookUp('560001')).toEqual({ serviceable: true, courierDays: 3 });
    expect(calls()).toBe(1);
    clock.now += 2;
    expect(await lookup.lookUp('560001')).toEqual({ serviceable: true, courierDays: 5 });
    expect(calls()).toBe(2);
  });

  it('shares one call among concurrent asks for a pincode', async () => {
    const { lookup, calls } = lookupWith([async () => served(2)]);
    const answers = await Promise.all([1, 2, 3, 4].map(() => lookup.lookUp('400001')));
    expect(answers).toEqual(Array(4).fill({ serviceable: true, courierDays: 2 }));
    expect(calls()).toBe(1);
  });

  it('keeps no failure: the next view asks again', async () => {
    const { lookup, calls } = lookupWith([() => Promise.reject(new Error('503')), async () => served(4)]);
    expect(await lookup.lookUp('600001')).toBeUndefined();
    expect(await lookup.lookUp('600001')).toEqual({ serviceable: true, courierDays: 4 });
    expect(calls()).toBe(2);
  });
});
