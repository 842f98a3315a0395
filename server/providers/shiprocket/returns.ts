import type { ReturnReason } from '../../../contracts/returns';
import { shiprocketOrderDate } from './ist-time';
import type { ReturnOrderInput } from './types';

// Reverse pickups through Shiprocket's return orders (docs/architecture.md#shiprocket-returns): the booking's
// fields, and the stages of our own that a return parcel's statuses map to.

/** Where a return parcel is, as we act on it (docs/product.md#return-parcel-stages). */
export const returnParcelStages = [
  'booked',
  'pickup_scheduled',
  'picked_up',
  'in_transit',
  'delivered',
  'pickup_failed',
  'lost',
  'cancelled',
] as const;
export type ReturnParcelStage = (typeof returnParcelStages)[number];

/**
 * The return order's id at Shiprocket: ours, never reused, and never an order's own id, so a return's webhook
 * is never taken for its order's parcel (which is found by our order id).
 */
export function returnOrderId(returnId: string): string {
  return `RET-${returnId}`;
}

export interface ReturnAddress {
  name: string;
  address: string;
  address2?: string;
  city: string;
  state: string;
  pincode: string;
  phone: string;
  email?: string;
}

export interface ReturnBookingItem {
  name: string;
  sku: string;
  units: number;
  /** What the shopper paid for these units, in paise: the parcel's declared value. */
  valuePaise: number;
  hsn?: string;
}

export interface ReturnBooking {
  /** Our return's id: the Shiprocket order id is `returnOrderId(returnId)`. */
  returnId: string;
  requestedAt: Date;
  reason: ReturnReason;
  /** The shopper's address: where the courier collects the parcel. E-mail is required by Shiprocket here. */
  shopper: ReturnAddress & { email: string };
  /** The brand's pickup address (its warehouse): where the parcel goes back to. */
  brand: ReturnAddress;
  items: ReturnBookingItem[];
  parcel: { lengthCm: number; breadthCm: number; heightCm: number; weightKg: number };
  /** The courier checks the items at the doorstep; fewer couriers take such returns. */
  qualityCheck?: boolean;
}

/**
 * Shiprocket's return reasons are numbered in its API description ("29. Item is damaged", "30. Received
 * wrong item", "35. Not as described", "26. Changed my mind", "25. Other"); its exchange sample sends the
 * number as a string. Whether the return order takes the number or the text is unconfirmed.
 */
export const SHIPROCKET_RETURN_REASONS: Record<ReturnReason, string> = {
  damaged_in_transit: '29',
  wrong_item: '30',
  not_as_described: '35',
  changed_my_mind: '26',
  other: '25',
};

function wholePaise(name: string, value: number) {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number of paise, not ${value}`);
  }
}

const rupees = (paise: number) => paise / 100;

/** The body of `POST /orders/create/return` for a booking: the items' value in rupees, from paise. */
export function returnOrderInput(booking: ReturnBooking): ReturnOrderInput {
  if (booking.items.length === 0) throw new RangeError('a return order needs at least one item');
  for (const item of booking.items) {
    wholePaise('valuePaise', item.valuePaise);
    if (!Number.isSafeInteger(item.units) || item.units < 1) {
      throw new RangeError(`units must be a whole number above 0, not ${item.units}`);
    }
  }
  const { shopper, brand, parcel } = booking;
  const totalPaise = booking.items.reduce((sum, item) => sum + item.valuePaise, 0);
  return {
    order_id: returnOrderId(booking.returnId),
    order_date: shiprocketOrderDate(booking.requestedAt),
    pickup_customer_name: shopper.name,
    pickup_address: shopper.address,
    ...(shopper.address2 ? { pickup_address_2: shopper.address2 } : {}),
    pickup_city: shopper.city,
    pickup_state: shopper.state,
    pickup_country: 'India',
    pickup_pincode: shopper.pincode,
    pickup_email: shopper.email,
    pickup_phone: shopper.phone,
    shipping_customer_name: brand.name,
    shipping_address: brand.address,
    ...(brand.address2 ? { shipping_address_2: brand.address2 } : {}),
    shipping_city: brand.city,
    shipping_state: brand.state,
    shipping_country: 'India',
    shipping_pincode: brand.pincode,
    ...(brand.email ? { shipping_email: brand.email } : {}),
    shipping_phone: brand.phone,
    order_items: booking.items.map((item) => ({
      name: item.name,
      sku: item.sku,
      units: item.units,
      // A unit's price in rupees to the paisa; the sub-total carries the exact sum.
      selling_price: Math.round(item.valuePaise / item.units) / 100,
      ...(item.hsn ? { hsn: item.hsn } : {}),
      qc_enable: booking.qualityCheck ?? false,
      return_reason: SHIPROCKET_RETURN_REASONS[booking.reason],
    })),
    payment_method: 'PREPAID',
    sub_total: rupees(totalPaise),
    length: parcel.lengthCm,
    breadth: parcel.breadthCm,
    height: parcel.heightCm,
    weight: parcel.weightKg,
  };
}

/** A tracking webhook's `is_return`: 1 (or true) for a return order's parcel. */
export function isReturnTracking(payload: { is_return?: unknown }): boolean {
  const flag = payload.is_return;
  return flag === 1 || flag === true || flag === '1' || flag === 'true';
}

// Return statuses by label, as Shiprocket's panel and order list name them. The label decides: the ids of
// return statuses published with the order list (21 RETURN PENDING ... 50 RETURN UNDELIVERED) are not the
// tracking ids forward parcels use (there 21 is UNDELIVERED, 25 DAMAGED), and which table a return's webhook
// uses is unconfirmed (docs/architecture.md#shiprocket-returns).
const stageByLabel: Record<string, ReturnParcelStage> = {
  NEW: 'booked',
  'RETURN PENDING': 'booked',
  'RETURN INITIATED': 'booked',
  'AWB ASSIGNED': 'pickup_scheduled',
  'RETURN PICKUP QUEUED': 'pickup_scheduled',
  'RETURN PICKUP GENERATED': 'pickup_scheduled',
  'RETURN PICKUP SCHEDULED': 'pickup_scheduled',
  'RETURN PICKUP RESCHEDULED': 'pickup_scheduled',
  'RETURN OUT FOR PICKUP': 'pickup_scheduled',
  'PICKUP SCHEDULED': 'pickup_scheduled',
  'PICKUP GENERATED': 'pickup_scheduled',
  'OUT FOR PICKUP': 'pickup_scheduled',
  'RETURN PICKED UP': 'picked_up',
  'RETURN PICKEDUP': 'picked_up',
  'PICKED UP': 'picked_up',
  'RETURN IN TRANSIT': 'in_transit',
  'RETURN OUT FOR DELIVERY': 'in_transit',
  'IN TRANSIT': 'in_transit',
  SHIPPED: 'in_transit',
  'REACHED AT DESTINATION HUB': 'in_transit',
  'RETURN DELIVERED': 'delivered',
  'RETURN ACKNOWLEDGED': 'delivered',
  'RETURN ACKNOWLEGED': 'delivered',
  DELIVERED: 'delivered',
  'RETURN PICKUP CANCELLED': 'pickup_failed',
  'QC FAILED': 'pickup_failed',
  LOST: 'lost',
  DESTROYED: 'lost',
  'RETURN CANCELLED': 'cancelled',
  CANCELLED: 'cancelled',
  CANCELED: 'cancelled',
};

// Only when the label is missing or unknown: the order list's return ids, and the tracking ids that no return
// id shares (12 LOST, 42 PICKED UP, 7 DELIVERED would be read as forward ids otherwise).
const stageByStatusId: Record<number, ReturnParcelStage> = {
  21: 'booked',
  22: 'booked',
  23: 'pickup_scheduled',
  28: 'pickup_scheduled',
  31: 'pickup_scheduled',
  47: 'pickup_scheduled',
  32: 'picked_up',
  25: 'in_transit',
  48: 'in_transit',
  26: 'delivered',
  30: 'pickup_failed',
  27: 'cancelled',
  12: 'lost',
};

/** A courier in trouble with the return that may still end well: the owner is told, the stage stays. */
const exceptionLabels: ReadonlySet<string> = new Set([
  'RETURN PICKUP EXCEPTION',
  'RETURN PICKUP ERROR',
  'RETURN UNDELIVERED',
  'PICKUP EXCEPTION',
  'PICKUP ERROR',
  'UNDELIVERED',
  'DAMAGED',
]);
const exceptionStatusIds: ReadonlySet<number> = new Set([24, 49, 50]);

const labelKey = (label: string | null | undefined) =>
  (label ?? '').trim().toUpperCase().replaceAll('_', ' ').replace(/\s+/g, ' ');

export interface ReportedStatus {
  statusId?: number | null;
  label?: string | null;
}

/** The stage a return parcel's status (a webhook's, a tracking reply's or a scan's) means; undefined if none. */
export function returnStageOf(status: ReportedStatus): ReturnParcelStage | undefined {
  const key = labelKey(status.label);
  if (key !== '') {
    const byLabel = stageByLabel[key];
    if (byLabel || exceptionLabels.has(key)) return byLabel;
  }
  return typeof status.statusId === 'number' ? stageByStatusId[status.statusId] : undefined;
}

/** Whether the status says the courier is in trouble with the return (a failed pickup attempt, a refusal...). */
export function isReturnException(status: ReportedStatus): boolean {
  const key = labelKey(status.label);
  if (key !== '') return exceptionLabels.has(key);
  return typeof status.statusId === 'number' && exceptionStatusIds.has(status.statusId);
}
