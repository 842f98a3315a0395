import { LRUCache } from 'lru-cache';
import type { ShiprocketClient } from '../../providers/shiprocket/client';
import { SERVICEABILITY_MAX_PINCODES, SERVICEABILITY_TTL_MS } from '../delivery-promise/serviceability';

// docs/architecture.md#cod-orders: whether a courier collects cash at a pincode changes as rarely as whether one
// delivers there, so the answer is kept as long as the delivery promise keeps its own; checkout asks again at
// every change of the cart, which would otherwise be a call to Shiprocket each time.

/** A COD parcel of mittens weighs about this much; couriers' COD coverage does not turn on the weight. */
const PARCEL_WEIGHT_KG = 0.5;

export interface CodServiceabilityOptions {
  client: Pick<ShiprocketClient, 'checkCodServiceability'>;
  pickupPincode: string;
  log: { warn(object: object, message: string): void };
}

export interface CodServiceabilityLookup {
  /** Whether some courier collects cash at the pincode; undefined when Shiprocket could not say (not kept). */
  servesCod(pincode: string): Promise<boolean | undefined>;
  /** Tests start from an empty cache. */
  forget(): void;
}

export function createCodServiceabilityLookup(options: CodServiceabilityOptions): CodServiceabilityLookup {
  const cache = new LRUCache<string, { available: boolean }>({
    max: SERVICEABILITY_MAX_PINCODES,
    ttl: SERVICEABILITY_TTL_MS,
    // Concurrent asks for one pincode share a call; a failed call (undefined) is not kept.
    fetchMethod: async (pincode) => {
      try {
        const answer = await options.client.checkCodServiceability({
          pickupPostcode: options.pickupPincode,
          deliveryPostcode: pincode,
          weightKg: PARCEL_WEIGHT_KG,
        });
        return { available: answer.available };
      } catch (error) {
        options.log.warn({ err: error, pincode }, 'COD serviceability check failed');
        return undefined;
      }
    },
  });
  return {
    async servesCod(pincode) {
      return (await cache.fetch(pincode))?.available;
    },
    forget() {
      cache.clear();
    },
  };
}
