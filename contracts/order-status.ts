// docs/product.md#order-statuses: order status values, their labels on each page, and their colours.

export const orderStatuses = [
  'pending',
  'confirmed',
  'processing',
  'shipped',
  'out_for_delivery',
  'delivered',
  'cancelled',
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
};

export function orderStatusColour(status: OrderStatus): string {
  return colours[status];
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (orderStatuses as readonly string[]).includes(value);
}
