import { asc, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderAttention } from '../../db/schema';
import { orderNumberOf } from '../orders/order-view';
import { listOpenSecurityAlerts } from '../security-alerts/security-alerts';

// docs/product.md#needs-the-owners-attention: the open flags the lifecycle and the sweeps raised, and the
// open security alerts, oldest first.

const orderReasonText: Record<(typeof orderAttention.$inferSelect)['reason'], string> = {
  courier_exception: 'The courier reports its parcel lost, damaged, undelivered or not picked up.',
  shipment_not_booked: 'Paid over 30 minutes ago and its pickup is still not booked.',
  refund_failing: 'Its refund keeps failing at Razorpay.',
  refund_pending_long: 'Its refund has been pending at Razorpay for over a day.',
  second_payment: 'The shopper paid it twice; the second payment is being refunded.',
  parcel_cancelled_by_courier: 'The courier cancelled its parcel.',
  parcel_returned: 'Its parcel is returning to us (RTO).',
};

export async function openAttentionItems(db: Database) {
  const [flags, alerts] = await Promise.all([
    db
      .select()
      .from(orderAttention)
      .where(isNull(orderAttention.resolvedAt))
      .orderBy(asc(orderAttention.createdAt)),
    listOpenSecurityAlerts(db),
  ]);
  const items = [
    ...flags.map((flag) => ({
      kind: 'order' as const,
      reason: flag.reason,
      detail: orderReasonText[flag.reason],
      orderId: flag.orderId,
      orderNumber: orderNumberOf(flag.orderId),
      since: flag.createdAt.toISOString(),
    })),
    ...alerts.map((alert) => ({
      kind: 'security' as const,
      reason: alert.kind,
      detail: alert.detail,
      orderId: null,
      orderNumber: null,
      since: alert.raisedAt.toISOString(),
    })),
  ];
  return items.sort((a, b) => a.since.localeCompare(b.since));
}
