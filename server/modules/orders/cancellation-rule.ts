import type { OrderStatus } from '../../../contracts/order-status';
import type { orders, shipments } from '../../db/schema';
import { isBeforePickup } from '../shipping/shipment-stages';

type OrderRow = typeof orders.$inferSelect;
type ShipmentRow = typeof shipments.$inferSelect;

// From these statuses on the courier has the parcel (spec §4 status values).
const AFTER_PICKUP: ReadonlySet<OrderStatus> = new Set(['shipped', 'out_for_delivery', 'delivered']);

export function isOrderPastPickup(order: Pick<OrderRow, 'status'>): boolean {
  return AFTER_PICKUP.has(order.status);
}

/** A parcel the courier has collected; a cancelled one holds nothing back. */
export function isParcelPickedUp(shipment: Pick<ShipmentRow, 'stage'> | undefined): boolean {
  return shipment !== undefined && shipment.stage !== 'cancelled' && !isBeforePickup(shipment.stage);
}

/**
 * What POST /orders/cancel/{id} accepts, shown to the app as `canCancel`: an order not cancelled yet (paid, or
 * still pending), neither it nor its parcel past pickup. Shiprocket may still refuse a parcel our tracking
 * has not yet seen collected.
 */
export function mayCancel(
  order: Pick<OrderRow, 'status'>,
  shipment: Pick<ShipmentRow, 'stage'> | undefined,
): boolean {
  return order.status !== 'cancelled' && !isOrderPastPickup(order) && !isParcelPickedUp(shipment);
}
