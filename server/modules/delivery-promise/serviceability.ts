import { setTimeout as sleep } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import { TRANSIT_DAYS } from '../../../contracts/delivery';
import type { ShiprocketClient } from '../../providers/shiprocket/client';
import type { CourierOption, ServiceabilityReply } from '../../providers/shiprocket/types';

/** What Shiprocket says of a pincode: no courier, or the days the courier that would ship it takes. */
export type Serviceability = { serviceable: true; courierDays: number } | { serviceable: false };

// docs/architecture.md#delivery-promise-cache: a pincode's couriers change rarely; a few hours keeps the
// promise fresh while a busy product page asks Shiprocket once per pincode, not once per view.
export const SERVICEABILITY_TTL_MS = 6 * 60 * 60 * 1000;
export const SERVICEABILITY_MAX_PINCODES = 20_000;
// docs/product.md#delivery-promise: the line on a page waits this long at most, then the generic promise shows.
export const SERVICEABILITY_TIMEOUT_MS = 4_000;
/** docs/product.md#numbers-and-timings: the default item weight; the promise is for one mitten. */
const PARCEL_WEIGHT_KG = 0.5;

function courierDaysOf(option: CourierOption, today: Date): number | undefined {
  const days = Number.parseInt(String(option.estimated_delivery_days), 10);
  if (Number.isFinite(days) && days >= 0) return days;
  // "Jul 01, 2024", from today: whole days, rounded up.
  const etd = Date.parse(`${option.etd} 23:59 GMT+0530`);
  return Number.isFinite(etd) ? Math.max(0, Math.ceil((etd - today.getTime()) / 86_400_000)) : undefined;
}

/** The recommended courier's days (it is the one booked for the parcel), else the fastest courier's. */
export function serviceabilityOf(reply: ServiceabilityReply, today: Date): Serviceability {
  const couriers = reply.data.available_courier_companies;
  if (couriers.length === 0) return { serviceable: false };
  const recommended = couriers.find(
    (option) => option.courier_company_id === reply.data.recommended_courier_company_id,
  );
  const days = (recommended ? [recommended] : couriers)
    .map((option) => courierDaysOf(option, today))
    .filter((value): value is number => value !== undefined);
  // A courier without an estimate gets the usual transit time.
  return { serviceable: true, courierDays: days.length > 0 ? Math.min(...days) : TRANSIT_DAYS };
}

export interface ServiceabilityLookupOptions {
  client: Pick<ShiprocketClient, 'checkServiceability'>;
  pickupPincode: string;
  log: { warn(object: object, message: string): void };
  timeoutMs?: number;
  now?: () => number;
}

/**
 * Shiprocket's answer for a pincode, cached per pincode (a refusal too); undefined when Shiprocket failed
 * or was slow, which is not cached, so the next view asks again. Concurrent asks for one pincode share a call.
 */
export function createServiceabilityLookup(options: ServiceabilityLookupOptions) {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? SERVICEABILITY_TIMEOUT_MS;
  // fetch() shares one call among concurrent asks for a pincode, and keeps nothing when the call gives
  // undefined (Shiprocket failed): the next view asks again.
  const cache = new LRUCache<string, Serviceability>({
    max: SERVICEABILITY_MAX_PINCODES,
    ttl: SERVICEABILITY_TTL_MS,
    perf: { now },
    // Read the clock at each look-up rather than keep it for a millisecond behind a timer.
    ttlResolution: 0,
    fetchMethod: (pincode) => ask(pincode),
  });

  async function ask(pincode: string): Promise<Serviceability | undefined> {
    try {
      const reply = await options.client.checkServiceability({
        pickupPostcode: options.pickupPincode,
        deliveryPostcode: pincode,
        weightKg: PARCEL_WEIGHT_KG,
        cod: false,
      });
      return serviceabilityOf(reply, new Date(now()));
    } catch (error) {
      options.log.warn({ err: error, pincode }, 'serviceability check failed');
      return undefined;
    }
  }

  return {
    async lookUp(pincode: string): Promise<Serviceability | undefined> {
      // Most looks are answered from the cache: no timer to race, and none to stop.
      const cached = cache.get(pincode);
      if (cached) return cached;
      const stop = new AbortController();
      const timedOut = sleep(timeoutMs, 'timed out' as const, { signal: stop.signal }).catch(
        () => 'stopped' as const,
      );
      try {
        const answer = await Promise.race([cache.fetch(pincode), timedOut]);
        if (typeof answer !== 'string') return answer;
        options.log.warn({ pincode }, 'serviceability check timed out');
        return undefined;
      } finally {
        stop.abort();
      }
    },
    /** Tests start from an empty cache. */
    forget(): void {
      cache.clear();
    },
  };
}
export type ServiceabilityLookup = ReturnType<typeof createServiceabilityLookup>;
