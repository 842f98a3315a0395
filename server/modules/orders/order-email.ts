import { eq } from 'drizzle-orm';
import { formatRupees } from '../../../contracts/format';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import type { JobPayloads } from '../../plugins/jobs';
import type { Notifier } from '../notifications/notifier';
import { isStaleStageEmail } from './lifecycle';
import { orderNumberOf, toOrderViews } from './order-view';

export type OrderEmailJob = JobPayloads['order.email'];

/** The shopper's e-mail about their order (sent by a job, so a mail server hiccup never loses it). */
export async function sendOrderEmail(db: Database, notifier: Notifier, job: OrderEmailJob): Promise<void> {
  const [row] = await db.select().from(orders).where(eq(orders.id, job.orderId));
  if (!row || isStaleStageEmail(job.kind, row.status)) return;
  const [order] = await toOrderViews(db, [row]);
  if (!order) return;
  const number = orderNumberOf(order.orderId);
  const address = order.shippingAddress;
  const rupees = (paise: number) => formatRupees(paise / 100);
  const greeting = `Hello ${address.firstName || 'there'},`;
  const messages: Record<OrderEmailJob['kind'], { subject: string; lines: string[] }> = {
    confirmed: {
      subject: `Your order ${number} is confirmed`,
      lines: [
        `Thank you for your order ${number}. We have received your payment of ${rupees(order.totalPaise)} and are preparing your mittens.`,
        '',
        ...order.items.map(
          (item) => `- ${item.title} (Size ${item.size}) x ${item.quantity}: ${rupees(item.lineTotalPaise)}`,
        ),
        `Shipping: ${order.shippingPaise === 0 ? 'FREE' : rupees(order.shippingPaise)}`,
        `Total paid: ${rupees(order.totalPaise)}`,
        '',
        'Delivering to:',
        [address.houseName, address.streetArea, address.city, address.state, address.pincode]
          .filter(Boolean)
          .join(', '),
        '',
        'We will write again when your parcel is on its way.',
      ],
    },
    shipped: {
      subject: `Your order ${number} is on its way`,
      lines: [
        `Your order ${number} has left us with ${order.shipment?.courierName ?? 'our courier'}.`,
        order.shipment?.trackingNumber ? `Tracking number: ${order.shipment.trackingNumber}` : '',
        order.shipment?.trackingUrl ? `Track it here: ${order.shipment.trackingUrl}` : '',
      ].filter(Boolean),
    },
    out_for_delivery: {
      subject: `Your order ${number} is out for delivery`,
      lines: [
        `Your order ${number} is out for delivery with ${order.shipment?.courierName ?? 'our courier'} and should reach you today.`,
        order.shipment?.trackingUrl ? `Track it here: ${order.shipment.trackingUrl}` : '',
      ].filter(Boolean),
    },
    delivered: {
      subject: `Your order ${number} has been delivered`,
      lines: [`Your order ${number} has been delivered. We hope your skin loves the silk.`],
    },
    cancelled: {
      subject: `Your order ${number} is cancelled`,
      lines: [
        `Your order ${number} is cancelled as you asked.`,
        // docs/product.md#cancellation-and-refunds: refunds take 6-8 days.
        order.paidAt
          ? `We are refunding ${rupees(order.totalPaise)} to your original payment method. Refunds take 6-8 days to reach your account; we will write again once the refund is processed.`
          : 'No payment was taken for it, so there is nothing to refund.',
      ],
    },
    refunded: {
      subject: `Your refund for order ${number} is processed`,
      lines: [
        `We have refunded ${rupees(order.refundedPaise)} for your order ${number} to your original payment method.`,
        'Refunds take 6-8 days to reach your account; you need not do anything.',
      ],
    },
  };
  const message = messages[job.kind];
  await notifier.email({
    to: row.contact.email,
    subject: message.subject,
    text: [greeting, '', ...message.lines].join('\n'),
  });
}
