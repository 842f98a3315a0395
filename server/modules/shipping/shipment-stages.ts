import type { OrderStatus } from '../../../contracts/order-status';
import type { ShipmentStage } from '../../db/schema';

// Shiprocket's shipment status ids (../shared/providers.md): we act on the id and keep its label as sent.
const stageByStatusId: Record<number, ShipmentStage> = {
  1: 'created',
  3: 'awb_assigned',
  4: 'pickup_scheduled',
  5: 'pickup_scheduled',
  19: 'pickup_scheduled',
  42: 'picked_up',
  6: 'in_transit',
  18: 'in_transit',
  38: 'in_transit',
  17: 'out_for_delivery',
  7: 'delivered',
  8: 'cancelled',
  9: 'returned',
  10: 'returned',
};

const progress: Record<ShipmentStage, number> = {
  created: 0,
  awb_assigned: 1,
  pickup_scheduled: 2,
  picked_up: 3,
  in_transit: 4,
  out_for_delivery: 5,
  delivered: 6,
  cancelled: 7,
  returned: 7,
};

export function stageOfStatusId(statusId: number | null | undefined): ShipmentStage | undefined {
  return statusId === null || statusId === undefined ? undefined : stageByStatusId[statusId];
}

/** Scans arrive late and out of order: a parcel's stage only moves forward. */
export function laterStage(current: ShipmentStage, reported: ShipmentStage | undefined): ShipmentStage {
  if (!reported) return current;
  return progress[reported] > progress[current] ? reported : current;
}

/** Until the courier has the parcel, the shopper may still cancel (and is refunded). */
export function isBeforePickup(stage: ShipmentStage): boolean {
  return progress[stage] < progress.picked_up;
}

/** What the order's status says at each stage of its parcel (spec §4 statuses). */
export function orderStatusForStage(stage: ShipmentStage): OrderStatus | undefined {
  switch (stage) {
    case 'created':
    case 'awb_assigned':
    case 'pickup_scheduled':
      return 'processing';
    case 'picked_up':
    case 'in_transit':
      return 'shipped';
    case 'out_for_delivery':
      return 'out_for_delivery';
    case 'delivered':
      return 'delivered';
    case 'cancelled':
      return 'cancelled';
    case 'returned':
      return undefined;
  }
}
