// docs/product.md#order-statuses: order status values, their labels on each page, and their colours; and the
// other codes of an order the console shows, here rather than in orders.ts so that the console's chunk shares
// no schemas with the shop's chunks.

export const orderStatuses = [
  'pending',
  'confirmed',
  'processing',
  'shipped',
  'out_for_delivery',
  'delivered',
  'cancelled',
  // docs/product.md#cash-on-delivery: a COD parcel the shopper did not take, on its way back or back with us.
  'returned_to_origin',
] as const;

export type OrderStatus = (typeof orderStatuses)[number];

export const DEFAULT_ORDER_STATUS: OrderStatus = 'confirmed';

const labels: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  processing: 'Processing',
  shipped: 'Shipped',
  out_for_delivery: 'Out for Delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  returned_to_origin: 'Returned to Origin',
};

export function orderStatusLabel(status: OrderStatus): string {
  return labels[status];
}

// The original client names no colour for out_for_delivery (docs/product.md#order-statuses); it is the last leg of "shipped", so it shares its colour.
const colours: Record<OrderStatus, string> = {
  pending: 'orange',
  confirmed: 'blue',
  processing: 'teal',
  shipped: 'darkorange',
  out_for_delivery: 'darkorange',
  delivered: 'green',
  cancelled: 'red',
  returned_to_origin: 'brown',
};

export function orderStatusColour(status: OrderStatus): string {
  return colours[status];
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (orderStatuses as readonly string[]).includes(value);
}

/**
 * `cod_due`: a cash-on-delivery order, nothing collected yet; `collected`: the courier collected the cash on
 * delivery, which is "paid" for COD (docs/product.md#payment-statuses).
 */
export const orderPaymentStatuses = [
  'pending',
  'paid',
  'failed',
  'refunded',
  'partially_refunded',
  'cod_due',
  'collected',
] as const;

/** The shopper's messages about an order, one a status the shopper hears about. */
export const orderEmailKinds = [
  'confirmed',
  'shipped',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'refunded',
  'partially_refunded',
  // docs/product.md#cash-on-delivery: a COD order's confirm link, and its cancellation when nobody confirmed it.
  'cod_confirm_request',
  'cod_unconfirmed_cancelled',
] as const;
export type OrderEmailKind = (typeof orderEmailKinds)[number];

/**
 * docs/product.md#cod-remittances: Shiprocket remits delivered COD cash in weekly cycles (a few days after
 * delivery); cash not remitted this many days after delivery needs a person.
 */
export const COD_REMITTANCE_OVERDUE_DAYS = 14;

/** Why an order waits for a person in the owner's console (docs/product.md#needs-attention). */
export const attentionReasons = [
  'courier_exception',
  'parcel_cancelled_by_courier',
  'parcel_returned',
  'paid_out_of_stock',
  'refund_failing',
  'refund_pending_long',
  'second_payment',
  'shipment_not_booked',
  // docs/product.md#cod-remittances and #cod-refunds.
  'cod_remittance_mismatch',
  'cod_not_remitted',
  'cod_refund_failing',
  // docs/product.md#returns-attention: a return of the order waits for the owner.
  'return_pickup_failed',
  'return_pickup_overdue',
  'return_courier_exception',
  'return_parcel_lost',
  'return_settlement_overdue',
  'return_refund_failed',
  // docs/product.md#reviews: a shopper rated a product of the order 1 or 2 stars.
  'low_rating_review',
] as const;
export type AttentionReason = (typeof attentionReasons)[number];

/** Each reason in plain words, for the console's lists (docs/product.md#needs-attention). */
export const attentionReasonText: Record<AttentionReason, string> = {
  courier_exception: 'The courier reports its parcel lost, damaged, undelivered or not picked up.',
  shipment_not_booked: 'Paid over 30 minutes ago and its pickup is still not booked.',
  refund_failing: 'Its refund keeps failing at Razorpay.',
  refund_pending_long: 'Its refund has been pending at Razorpay for over a day.',
  second_payment: 'The shopper paid it twice; the second payment is being refunded.',
  parcel_cancelled_by_courier: 'The courier cancelled its parcel.',
  parcel_returned: 'Its parcel is returning to us (RTO).',
  paid_out_of_stock:
    'Paid for units we no longer have: ship it late once restocked, or cancel it with a full refund.',
  cod_remittance_mismatch:
    "The courier's remittance for its cash on delivery is not the amount to collect: check the remittance.",
  cod_not_remitted: `Delivered cash on delivery over ${COD_REMITTANCE_OVERDUE_DAYS} days ago and not remitted yet.`,
  cod_refund_failing:
    'Its refund to the UPI ID failed: check the UPI ID and refund again, or record a refund paid another way.',
  return_pickup_failed:
    'The reverse pickup of its return failed: book it again, settle without pickup, or close it.',
  return_pickup_overdue: 'Its return’s pickup was booked days ago and the courier has not collected it.',
  return_courier_exception:
    'The courier reports trouble with its return parcel (a failed pickup attempt, a refusal): check its tracking.',
  return_parcel_lost: 'The courier lost its return parcel: refund or replace it all the same.',
  return_settlement_overdue: 'Its return was received over a day ago and is neither refunded nor replaced.',
  return_refund_failed: 'The refund of its return failed: refund it again.',
  low_rating_review:
    'The shopper rated a product of it 1 or 2 stars: call them, then reply to the review or hide it (Reviews).',
};

// docs/product.md#staff: the console names each status change in words, "Shipment: AWB assigned", never the
// field and code it is stored as ("shipmentStage: awb_assigned").

const paymentStatusWords: Record<(typeof orderPaymentStatuses)[number], string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  cod_due: 'Cash on delivery, not collected yet',
  collected: 'Cash collected on delivery',
};

const shipmentStageWords: Record<string, string> = {
  created: 'Booked',
  awb_assigned: 'AWB assigned',
  pickup_scheduled: 'Pickup scheduled',
  picked_up: 'Picked up',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  returned: 'Returned to us',
};

const statusFieldWords: Record<string, { label: string; words: Record<string, string> }> = {
  'order.status': { label: 'Order status', words: labels },
  'order.paymentStatus': { label: 'Payment', words: paymentStatusWords },
  'order.shipmentStage': { label: 'Shipment', words: shipmentStageWords },
  'payment.status': { label: 'Razorpay payment', words: {} },
  'refund.status': { label: 'Refund', words: {} },
};

/** "partially_refunded" → "Partially refunded": a code the console has no word for, written as words. */
function asWords(code: string): string {
  const words = code.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One value of a status field in words ("awb_assigned" of an order's shipmentStage → "AWB assigned"). */
export function statusValueText(entity: string, field: string, value: string): string {
  return statusFieldWords[`${entity}.${field}`]?.words[value] ?? asWords(value);
}

/** A status change as the console writes it: "Shipment: Pickup scheduled → Picked up". */
export function statusChangeText(entity: string, field: string, from: string | null, to: string): string {
  const label = statusFieldWords[`${entity}.${field}`]?.label ?? asWords(field);
  const after = statusValueText(entity, field, to);
  return from === null
    ? `${label}: ${after}`
    : `${label}: ${statusValueText(entity, field, from)} → ${after}`;
}
