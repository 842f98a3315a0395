import {
  COD_WHATSAPP_FALLBACK_MINUTES,
  type WhatsAppTemplateName,
  whatsappPayloads,
  whatsappTemplates,
} from '../../../contracts/whatsapp-rules';
import type { Database } from '../../db/client';
import type { orders } from '../../db/schema';
import { type JobPayloads, type Jobs, jobQueues } from '../../job-queues';
import type { WhatsAppClient } from '../../providers/whatsapp/client';
import { newCodConfirmToken } from '../cod/confirm-links';
import { orderSmsTemplates } from '../notifications/sms-templates';
import { channelFor } from '../whatsapp/channel';
import { consentOf } from '../whatsapp/consent';
import { claimFallback, releaseClaimedFallback, sendWhatsAppOnce } from '../whatsapp/messages';
import type { OrderMessage } from './order-message';

// docs/product.md#whatsapp: an order message goes by WhatsApp to a shopper who chose it, else (or when WhatsApp
// fails) by e-mail or SMS as before; never both for one event.

/** What the order message job needs of WhatsApp: its client (none when the shop has no WhatsApp) and the queue. */
export interface OrderWhatsApp {
  client: WhatsAppClient | undefined;
  jobs: Pick<Jobs, 'send'>;
}

type OrderRow = typeof orders.$inferSelect;
type OrderEmailJob = JobPayloads['order.email'];

/** What the job does next: nothing more (sent on WhatsApp, or nothing due), or send by e-mail or SMS. */
export type WhatsAppStep = 'done' | 'other_channel';

const templateNames = new Set<string>(Object.keys(whatsappTemplates));

function isWhatsAppTemplate(name: string): name is WhatsAppTemplateName {
  return templateNames.has(name);
}

/**
 * The WhatsApp template of an SMS template and its body's variables: the templates say the same thing with the
 * same variables in the same order (docs/operations.md#whatsapp-templates), the COD request without its link.
 */
export function whatsappFormOf(sms: OrderMessage['sms']) {
  if (!isWhatsAppTemplate(sms.template)) return undefined;
  const template = whatsappTemplates[sms.template];
  const names = [...orderSmsTemplates[sms.template].matchAll(/##(\w+)##/g)].map((match) => match[1] ?? '');
  const count = new Set([...template.body.matchAll(/\{\{(\d+)\}\}/g)].map((match) => match[1])).size;
  const parameters = names.slice(0, count).map((name) => {
    const value = sms.variables[name];
    if (value === undefined) throw new Error(`WhatsApp template ${template.name} needs ${name}`);
    return value;
  });
  return { template: sms.template, parameters };
}

function dedupeKeyOf(job: OrderEmailJob): string {
  return job.messageKey ?? `order:${job.orderId}:${job.kind}:${job.refundId ?? ''}`;
}

/**
 * Sends the order's message on WhatsApp when that is the shopper's channel. A job standing in for a WhatsApp
 * message (`fallbackOf`) goes the other way only if it claims the fallback; `release` undoes that claim when the
 * other way fails, so the job's retry sends it.
 */
export async function orderMessageByWhatsApp(
  db: Database,
  whatsapp: OrderWhatsApp | undefined,
  row: OrderRow,
  job: OrderEmailJob,
  message: OrderMessage,
): Promise<WhatsAppStep> {
  if (job.fallbackOf) return (await claimFallback(db, job.fallbackOf)) ? 'other_channel' : 'done';
  if (!whatsapp?.client || !row.userId) return 'other_channel';
  const consent = await consentOf(db, row.userId);
  const channel = channelFor({ whatsappAvailable: true, consent, contact: row.contact });
  const form = whatsappFormOf(message.sms);
  if (channel !== 'whatsapp' || !consent || !form) return 'other_channel';
  const cod = job.kind === 'cod_confirm_request' && row.codConfirmBy;
  // docs/product.md#whatsapp-cod: both buttons carry one new confirm token: the first tap spends it.
  const token = cod && row.codConfirmBy ? await newCodConfirmToken(db, row.id, row.codConfirmBy) : undefined;
  const outcome = await sendWhatsAppOnce(db, whatsapp.client, {
    dedupeKey: dedupeKeyOf(job),
    orderId: row.id,
    kind: job.kind,
    template: form.template,
    to: consent.phone,
    bodyParameters: form.parameters,
    quickReplyPayloads: token
      ? [`${whatsappPayloads.codConfirmPrefix}${token}`, `${whatsappPayloads.codCancelPrefix}${token}`]
      : [whatsappPayloads.optOut],
  });
  if (outcome.kind === 'failed') return outcome.fallBack ? 'other_channel' : 'done';
  if (token) {
    // Unanswered after a while, the confirm link goes by SMS and e-mail (unless a tap or a failure came first).
    await whatsapp.jobs.send(
      db,
      jobQueues.sendOrderEmail,
      { orderId: row.id, kind: 'cod_confirm_request', fallbackOf: outcome.message.id },
      {
        startAfterSeconds: COD_WHATSAPP_FALLBACK_MINUTES * 60,
        singletonKey: `wa-unanswered-${outcome.message.id}`,
      },
    );
  }
  return 'done';
}

/** The fallback claimed by this job could not be sent: let its retry claim it again. */
export async function releaseFallback(db: Database, job: OrderEmailJob): Promise<void> {
  if (job.fallbackOf) await releaseClaimedFallback(db, job.fallbackOf);
}
