import { eq } from 'drizzle-orm';
import { formatRupeesExact } from '../../../contracts/format';
import { orderPagePath } from '../../../contracts/orders';
import { type ReturnMessageKind, returnMessageTexts, returnStatusLabels } from '../../../contracts/returns';
import { whatsappPayloads } from '../../../contracts/whatsapp-rules';
import type { Database } from '../../db/client';
import { orders, returns } from '../../db/schema';
import type { JobPayloads } from '../../job-queues';
import type { WhatsAppClient } from '../../providers/whatsapp/client';
import type { Notifier } from '../notifications/notifier';
import { fillSmsTemplate } from '../notifications/sms-templates';
import { smsVariable } from '../orders/order-message';
import { orderNumberOf } from '../orders/order-view';
import { channelFor } from '../whatsapp/channel';
import { consentOf } from '../whatsapp/consent';
import { claimFallback, releaseClaimedFallback, sendWhatsAppOnce } from '../whatsapp/messages';

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
  whatsapp?: WhatsAppClient,
): Promise<void> {
  const [row] = await db.select().from(returns).where(eq(returns.id, job.returnId));
  if (!row) return;
  const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
  if (!order) return;
  const link = `${publicUrl.replace(/\/$/, '')}${orderPagePath(row.orderId)}`;
  const message = returnMessageOf(job.kind, row);
  // docs/product.md#whatsapp: on WhatsApp to a shopper who chose it; else, or when it fails, as below.
  const parameters = [orderNumberOf(row.orderId), smsVariable(statusWordOf(job.kind)), link];
  if ((await returnStepByWhatsApp(db, whatsapp, order, job, parameters)) === 'done') return;
  try {
    await sendByEmailOrSms(notifier, order, job, row, message, link);
  } catch (error) {
    if (job.fallbackOf) await releaseClaimedFallback(db, job.fallbackOf);
    throw error;
  }
}

async function returnStepByWhatsApp(
  db: Database,
  client: WhatsAppClient | undefined,
  order: typeof orders.$inferSelect,
  job: JobPayloads['return.message'],
  parameters: string[],
): Promise<'done' | 'other_channel'> {
  if (job.fallbackOf) return (await claimFallback(db, job.fallbackOf)) ? 'other_channel' : 'done';
  if (!client || !order.userId) return 'other_channel';
  const consent = await consentOf(db, order.userId);
  if (channelFor({ whatsappAvailable: true, consent, contact: order.contact }) !== 'whatsapp' || !consent) {
    return 'other_channel';
  }
  const outcome = await sendWhatsAppOnce(db, client, {
    dedupeKey: `return:${job.returnId}:${job.kind}`,
    orderId: order.id,
    returnId: job.returnId,
    kind: job.kind,
    template: 'return_update',
    to: consent.phone,
    bodyParameters: parameters,
    quickReplyPayloads: [whatsappPayloads.optOut],
  });
  if (outcome.kind === 'sent') return 'done';
  return outcome.fallBack ? 'other_channel' : 'done';
}

async function sendByEmailOrSms(
  notifier: Notifier,
  order: typeof orders.$inferSelect,
  job: JobPayloads['return.message'],
  row: ReturnRow,
  message: { subject: string; text: string },
  link: string,
): Promise<void> {
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
