import type { ShipmentStage } from '../../db/schema';

// Shiprocket's shipment status ids (docs/product.md#shipment-stages): we act on the id and keep its label as sent.
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

export function stageOfStatusId(statusId: number | null | undefined): ShipmentStage | undefined {
  return statusId === null || statusId === undefined ? undefined : stageByStatusId[statusId];
}

// Shiprocket's ids for a parcel in trouble at the courier: 12 lost, 13 pickup error, 20 pickup exception,
// 24 destroyed, 25 damaged. The stage does not change; the owner is told (docs/product.md#needs-attention). 21
// UNDELIVERED is a failed delivery attempt, with its own report and queue (docs/product.md#failed-deliveries).
const courierExceptionIds: ReadonlySet<number> = new Set([12, 13, 20, 24, 25]);

export function isCourierException(statusId: number): boolean {
  return courierExceptionIds.has(statusId);
}
