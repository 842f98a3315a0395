import {
  type DeliveryPromise,
  deliveryByLabel,
  deliveryMessages,
  promisedDeliveryDate,
  TRANSIT_DAYS,
} from '../../../contracts/delivery';
import type { ServiceabilityLookup } from './serviceability';

/**
 * docs/product.md#delivery-promise: "Delivery by Thu, 27 Nov" from the shop's dispatch days and the courier's
 * days; "We don't deliver to … yet" when no courier serves the pincode. When Shiprocket cannot say, the
 * shopper still gets a date: the dispatch days plus a courier's usual transit.
 */
export async function deliveryPromiseFor(
  lookup: ServiceabilityLookup,
  pincode: string,
  dispatchDays: number,
  now = new Date(),
): Promise<DeliveryPromise> {
  const answer = await lookup.lookUp(pincode);
  if (answer && !answer.serviceable) {
    return { pincode, serviceable: false, label: deliveryMessages.unserviceable(pincode) };
  }
  const deliverBy = promisedDeliveryDate(now, dispatchDays, answer?.courierDays ?? TRANSIT_DAYS);
  return { pincode, serviceable: true, deliverBy, label: deliveryByLabel(deliverBy) };
}
