import { eq } from 'drizzle-orm';
import { formatRupeesExact } from '../../../contracts/format';
import { orderPagePath } from '../../../contracts/orders';
import { type ReturnMessageKind, returnMessageTexts, returnStatusLabels } from '../../../contracts/returns';
import type { Database } from '../../db/client';
import { orders, returns } from '../../db/schema';
import type { JobPayloads } from '../../job-queues';
import type { Notifier } from '../notifications/notifier';
import { fillSmsTemplate } from '../notifications/sms-templates';
import { smsVariable } from '../orders/order-message';
import { orderNumberOf } from '../orders/order-view';

// docs/product.md#returns: each step of a return told to the shopper, by e-mail, or by SMS for a shopper
// with no e-mail, through the order messages' notifier (a job: a mail hiccup never loses it).

type ReturnRow = typeof returns.$inferSelect;

/** The step's words with the return's facts filled in. */
export function returnMessageOf(kind: ReturnMessageKind, row: ReturnRow) {
  const template = returnMessageTexts[kind];
  const facts: Record<string, string> = {
    order: orderNumberOf(row.orderId),
    reason: row.refusalReason ?? '',
    awb: row.awbCode ?? '',
    amount: formatRupeesExact(row.refundPaise / 100),
    replacement: row.replacementOrderId ? orderNumberOf(row.replacementOrderId) : '',
  };
  const text = template.text.replace(/\{(\w+)\}/g, (_, name: string) => facts[name] ?? '');
  return { subject: template.subject, text };
}

export async function sendReturnMessage(
  db: Database,
  notifier: Notifier,
  job: JobPayloads['return.message'],
  publicUrl: string,
): Promise<void> {
  const [row] = await db.select().from(returns).where(eq(returns.id, job.returnId));
  if (!row) return;
  const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
  if (!order) return;
  const link = `${publicUrl.replace(/\/$/, '')}${orderPagePath(row.orderId)}`;
  const message = returnMessageOf(job.kind, row);
  if (order.contact.email) {
    await notifier.email({
      to: order.contact.email,
      subject: `${message.subject} (${orderNumberOf(row.orderId)})`,
      text: `Hello ${order.contact.name},\n\n${message.text}\n\nSee your order: ${link}\n\nOttoman Mittens`,
    });
    return;
  }
  if (!order.contact.phone) return;
  const variables = {
    order: orderNumberOf(row.orderId),
    status: smsVariable(statusWordOf(job.kind)),
    link,
  };
  await notifier.sms({
    to: order.contact.phone,
    text: fillSmsTemplate('return_update', variables),
    template: 'return_update',
    variables,
  });
}

const statusOfKind: Record<ReturnMessageKind, keyof typeof returnStatusLabels> = {
  return_requested: 'requested',
  return_approved: 'approved',
  return_refused: 'refused',
  return_pickup_booked: 'pickup_booked',
  return_pickup_failed: 'pickup_failed',
  return_picked_up: 'picked_up',
  return_received: 'received',
  return_refunded: 'refunded',
  replacement_shipped: 'replacement_shipped',
};

function statusWordOf(kind: ReturnMessageKind): string {
  return returnStatusLabels[statusOfKind[kind]];
}
