import { and, eq, inArray } from 'drizzle-orm';
import { type OrderEmailKind, orderEmailKinds } from '../../../contracts/orders';
import type { Database } from '../../db/client';
import { notifications, type orders, whatsappMessages } from '../../db/schema';
import { fillSmsTemplate } from '../notifications/sms-templates';
import { type OrderMessage, orderMessageOf } from '../orders/order-message';
import { toOrderViews } from '../orders/order-view';
import { processedRefundsOfOrder } from '../payments/refund-records';

/**
 * docs/product.md#staff: the kinds of order message the shopper was sent, by e-mail (its subject) or SMS (its
 * text): the only ones the console offers to send again.
 */
export async function sentOrderMessageKinds(
  db: Database,
  order: typeof orders.$inferSelect,
  publicUrl: string,
): Promise<OrderEmailKind[]> {
  // docs/product.md#whatsapp: what went on WhatsApp (and was not given up for e-mail or SMS) counts as sent.
  const onWhatsApp = await db
    .select({ kind: whatsappMessages.kind, status: whatsappMessages.status })
    .from(whatsappMessages)
    .where(eq(whatsappMessages.orderId, order.id));
  const whatsappKinds = new Set(onWhatsApp.filter((row) => row.status !== 'failed').map((row) => row.kind));
  const recipients = [order.contact.email, order.contact.phone].filter((value) => value !== '');
  if (recipients.length === 0) return orderEmailKinds.filter((kind) => whatsappKinds.has(kind));
  const [view] = await toOrderViews(db, [order]);
  if (!view) return [];
  const sent = await db
    .select({ subject: notifications.subject, body: notifications.body })
    .from(notifications)
    .where(and(inArray(notifications.recipient, recipients), eq(notifications.status, 'sent')));
  // A partial refund's message is one a refund: any of them sent counts (a resend sends the latest).
  const refunds = await processedRefundsOfOrder(db, order.id);
  const messagesOf = (kind: OrderEmailKind): OrderMessage[] =>
    kind === 'partially_refunded'
      ? refunds.map((refund) => orderMessageOf(view, kind, publicUrl, refund))
      : [orderMessageOf(view, kind, publicUrl)];
  return orderEmailKinds.filter(
    (kind) =>
      whatsappKinds.has(kind) ||
      messagesOf(kind).some((message) => {
        const smsText = fillSmsTemplate(message.sms.template, message.sms.variables);
        return sent.some((row) => row.subject === message.subject || row.body === smsText);
      }),
  );
}
