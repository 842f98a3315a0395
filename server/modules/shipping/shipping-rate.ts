import { setTimeout as sleep } from 'node:timers/promises';
import { type CourierRate, type ShippingRateReply, shippingMessages } from '../../../contracts/shipping';
import type { ShiprocketClient } from '../../providers/shiprocket/client';
import type { CourierOption } from '../../providers/shiprocket/types';

// docs/product.md#shipping: the shipping rate request times out after 10 s.
export const SHIPPING_RATE_TIMEOUT_MS = 10_000;

export interface ShippingRateQuery {
  pickupPincode: string;
  deliveryPincode: string;
  weightKg: number;
}

function toCourierRate(option: CourierOption): CourierRate {
  const days = Number.parseInt(String(option.estimated_delivery_days), 10);
  return {
    rate: Number(option.rate),
    courierName: option.courier_name,
    courierId: option.courier_company_id,
    estimatedDeliveryDays: Number.isFinite(days) ? days : null,
    etd: option.etd || null,
    cod: Number(option.cod) === 1,
    rating: Number.isFinite(Number(option.rating)) ? Number(option.rating) : null,
  };
}

// docs/product.md#messages: a failure or a time-out gives rate 0 and 'Standard Delivery', and the order may proceed.
const standardDelivery = (): ShippingRateReply => ({
  rates: [],
  rate: 0,
  courierName: shippingMessages.standardDelivery,
});

/** What couriers charge for the parcel, in Shiprocket's order; the first is the one used (docs/product.md#http-api). */
export async function quoteShippingRate(
  client: Pick<ShiprocketClient, 'checkServiceability'>,
  query: ShippingRateQuery,
  log: { warn(object: object, message: string): void },
  timeoutMs = SHIPPING_RATE_TIMEOUT_MS,
): Promise<ShippingRateReply> {
  const stop = new AbortController();
  const timedOut = sleep(timeoutMs, 'timed out' as const, { signal: stop.signal }).catch(
    () => 'stopped' as const,
  );
  try {
    const reply = await Promise.race([
      client.checkServiceability({
        pickupPostcode: query.pickupPincode,
        deliveryPostcode: query.deliveryPincode,
        weightKg: query.weightKg,
        cod: false,
      }),
      timedOut,
    ]);
    if (typeof reply === 'string') {
      log.warn({ query }, 'shipping rate timed out');
      return standardDelivery();
    }
    const rates = reply.data.available_courier_companies.map(toCourierRate);
    const [first] = rates;
    if (!first) return standardDelivery();
    return { rates, rate: first.rate, courierName: first.courierName };
  } catch (error) {
    log.warn({ err: error, query }, 'shipping rate failed');
    return standardDelivery();
  } finally {
    stop.abort();
  }
}
