import { eq } from 'drizzle-orm';
import { formatRupees } from '../../../contracts/format';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import type { Notifier } from '../notifications/notifier';
import { orderNumberOf, toOrderViews } from './order-view';

export interface OrderEmailJob {
  orderId: string;
  kind: 'confirmed' | 'shipped' | 'delivered' | 'cancelled';
}

/** The shopper's e-mail about their order (sent by a job, so a mail server hiccup never loses it). */
export async function sendOrderEmail(db: Database, notifier: Notifier, job: OrderEmailJob): Promise<void> {
  const [row] = await db.select().from(orders).where(eq(orders.id, job.orderId));
  if (!row) return;
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
    delivered: {
      subject: `Your order ${number} has been delivered`,
      lines: [`Your order ${number} has been delivered. We hope your skin loves the silk.`],
    },
    cancelled: {
      subject: `Your order ${number} is cancelled`,
      lines: [
        `Your order ${number} is cancelled as you asked.`,
        `We are refunding ${rupees(order.totalPaise)} to your original payment method; banks take 6-8 days to show it.`,
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
