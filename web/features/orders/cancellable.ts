import type { Order } from '../../../contracts/orders';

// Until the courier has the parcel (server/modules/shipping/shipment-stages.ts isBeforePickup).
const stagesBeforePickup = new Set(['created', 'awb_assigned', 'pickup_scheduled']);

/**
 * Whether to offer Cancel Order: a paid order whose parcel has not been picked up. The server decides again
 * when asked, and refuses with its reason if the courier collected the parcel meanwhile.
 */
export function canCancelOrder(order: Order): boolean {
  if (order.paymentStatus !== 'paid') return false;
  if (order.status !== 'confirmed' && order.status !== 'processing') return false;
  return !order.shipment || stagesBeforePickup.has(order.shipment.stage);
}
