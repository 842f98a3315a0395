import type { OrderStatus } from '../../../contracts/order-status';
import type { ShipmentStage } from '../../../contracts/shipping';

export const trackingSteps = ['Ordered', 'Packed', 'Shipped', 'Out for delivery', 'Delivered'] as const;

/** Which of trackingSteps the parcel has reached (0-4), from the order's status and the parcel's stage. */
export function reachedStep(status: OrderStatus, stage: ShipmentStage | null): number {
  if (status === 'delivered' || stage === 'delivered') return 4;
  if (status === 'out_for_delivery' || stage === 'out_for_delivery') return 3;
  if (status === 'shipped' || stage === 'picked_up' || stage === 'in_transit') return 2;
  if (stage === 'awb_assigned' || stage === 'pickup_scheduled') return 1;
  return 0;
}

/** A courier's scan label ("OUT FOR PICKUP") as a shopper reads it ("Out for pickup"). */
export function plainScanText(label: string): string {
  const words = label.replace(/_/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const istScanTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "Sat, 28 Nov, 2:30 pm IST": a scan's moment in India's time, whatever the shopper's device says. */
export function formatScanTime(date: Date | string): string {
  return `${istScanTime.format(new Date(date))} IST`;
}
