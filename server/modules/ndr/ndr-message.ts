import { eq } from 'drizzle-orm';
import { formatDate, formatDateTime } from '../../../contracts/format';
import {
  NDR_COD_RETURNED_OUTCOME,
  NDR_LINK_DAYS,
  type NdrMessageKind,
  ndrLinkPath,
  ndrMessageKinds,
  ndrMessages,
  ndrMessageTexts,
  ndrReasonLabels,
} from '../../../contracts/ndr';
import { orderPagePath } from '../../../contracts/orders';
import { whatsappPayloads } from '../../../contracts/whatsapp-rules';
import type { Database } from '../../db/client';
import { ndrReports, orders } from '../../db/schema';
import type { JobPayloads } from '../../job-queues';
import type { WhatsAppClient } from '../../providers/whatsapp/client';
import type { Notifier } from '../notifications/notifier';
import { fillSmsTemplate } from '../notifications/sms-templates';
import { smsVariable } from '../orders/order-message';
import { orderNumberOf } from '../orders/order-view';
import { channelFor } from '../whatsapp/channel';
import { consentOf } from '../whatsapp/consent';
import { claimFallback, releaseClaimedFallback, sendWhatsAppOnce } from '../whatsapp/messages';
import { createNdrLink, type NdrReportRow } from './ndr-writer';

// docs/product.md#failed-deliveries: a failed delivery told to the shopper at once, through the order messages'
// notifier and outbox (a job: a mail hiccup never loses it).

type OrderRow = typeof orders.$inferSelect;
export type NdrChannel = 'email' | 'sms' | 'whatsapp';

/**
 * The one place that decides where a failed delivery is told: e-mail when the order has an address, and the
 * shopper's phone: on WhatsApp for a shopper who chose it (docs/product.md#whatsapp-consent) while the shop has
 * it, else by SMS. A WhatsApp message that fails goes by SMS instead (`fallbackOf`).
 */
export function ndrChannelsOf(order: Pick<OrderRow, 'contact'>, whatsappChosen = false): NdrChannel[] {
  const channels: NdrChannel[] = [];
  if (order.contact.email) channels.push('email');
  if (whatsappChosen) channels.push('whatsapp');
  else if (order.contact.phone) channels.push('sms');
  return channels;
}

/** The message's words with the report's facts filled in. */
export function ndrMessageOf(
  kind: NdrMessageKind,
  row: NdrReportRow,
  order: Pick<OrderRow, 'id' | 'paymentMethod'>,
) {
  const template = ndrMessageTexts[kind];
  const facts: Record<string, string> = {
    order: orderNumberOf(order.id),
    reason: ndrReasonLabels[row.reason].toLowerCase(),
    attempt: String(row.attempts),
    date: row.choiceDate ? formatDate(`${row.choiceDate}T12:00:00+05:30`) : '',
    respondBy: formatDateTime(row.respondBy),
    // docs/product.md#failed-deliveries: a COD parcel the default sent back is returned to origin, not cancelled.
    outcome:
      order.paymentMethod !== 'COD'
        ? ndrMessages.prepaidRefund
        : row.choiceBy === 'default'
          ? NDR_COD_RETURNED_OUTCOME
          : ndrMessages.codNothingToPay,
  };
  const text = template.text.replace(/\{(\w+)\}/g, (_, name: string) => facts[name] ?? '');
  return { subject: template.subject, text, facts };
}

/** The WhatsApp message's key: one per report, kind and attempt, read back when its failed status comes. */
function whatsappKeyOf(job: Pick<JobPayloads['ndr.message'], 'reportId' | 'kind' | 'attempt'>): string {
  return `ndr:${job.reportId}:${job.kind}:${job.attempt}`;
}

/** The SMS job standing in for a failed WhatsApp message of a failed delivery; undefined for any other message. */
export function ndrFallbackJobOf(message: {
  id: string;
  dedupeKey: string;
}): JobPayloads['ndr.message'] | undefined {
  const [prefix, reportId, kind, attempt] = message.dedupeKey.split(':');
  const known = (ndrMessageKinds as readonly string[]).includes(kind ?? '');
  if (prefix !== 'ndr' || !reportId || !known || !attempt) return undefined;
  return { reportId, kind: kind as NdrMessageKind, attempt: Number(attempt), fallbackOf: message.id };
}

/**
 * The phone message's variables of each kind, in its SMS template's order, which the WhatsApp template keeps.
 * `cut` shortens a variable to the SMS's DLT limit; WhatsApp takes the whole text.
 */
function phoneVariablesOf(
  kind: NdrMessageKind,
  message: ReturnType<typeof ndrMessageOf>,
  link: string,
  cut: (text: string) => string,
): Record<string, string> {
  const order = message.facts.order ?? '';
  if (kind === 'ndr_raised') {
    return { order, reason: cut(message.facts.reason ?? ''), date: cut(message.facts.respondBy ?? ''), link };
  }
  if (kind === 'ndr_reattempt') return { order, date: cut(message.facts.date ?? ''), link };
  return { order, link };
}

export async function sendNdrMessage(
  db: Database,
  notifier: Notifier,
  job: JobPayloads['ndr.message'],
  publicUrl: string,
  whatsapp?: WhatsAppClient,
): Promise<void> {
  const [found] = await db
    .select({ report: ndrReports, order: orders })
    .from(ndrReports)
    .innerJoin(orders, eq(orders.id, ndrReports.orderId))
    .where(eq(ndrReports.id, job.reportId));
  if (!found) return;
  const { report, order } = found;
  // A later attempt has its own message; the link of an earlier one would ask about what is past.
  if (job.kind === 'ndr_raised' && (report.attempts !== job.attempt || report.status !== 'action_needed'))
    return;
  // docs/product.md#whatsapp: a failed WhatsApp message is sent by SMS once, by whichever job claims it.
  if (job.fallbackOf && !(await claimFallback(db, job.fallbackOf))) return;
  const base = publicUrl.replace(/\/$/, '');
  const link =
    job.kind === 'ndr_raised'
      ? `${base}${ndrLinkPath(await createNdrLink(db, order.id, NDR_LINK_DAYS))}`
      : `${base}${orderPagePath(order.id)}`;
  const message = ndrMessageOf(job.kind, report, order);
  const variables = phoneVariablesOf(job.kind, message, link, smsVariable);
  const consent = whatsapp && order.userId && !job.fallbackOf ? await consentOf(db, order.userId) : undefined;
  const whatsappChosen =
    consent !== undefined &&
    channelFor({ whatsappAvailable: true, consent, contact: order.contact }) === 'whatsapp';
  try {
    for (const channel of job.fallbackOf ? (['sms'] as const) : ndrChannelsOf(order, whatsappChosen)) {
      if (channel === 'email') {
        await notifier.email({
          to: order.contact.email,
          subject: `${message.subject} (${message.facts.order})`,
          text: `Hello ${order.contact.name},\n\n${message.text}\n\n${link}\n\nOttoman Mittens`,
        });
      } else if (channel === 'whatsapp' && whatsapp && consent) {
        const outcome = await sendWhatsAppOnce(db, whatsapp, {
          dedupeKey: whatsappKeyOf(job),
          orderId: order.id,
          kind: job.kind,
          template: job.kind,
          to: consent.phone,
          bodyParameters: Object.values(phoneVariablesOf(job.kind, message, link, (text) => text)),
          quickReplyPayloads: [whatsappPayloads.optOut],
        });
        if (outcome.kind === 'failed' && outcome.fallBack)
          await sendNdrSms(notifier, order, job.kind, variables);
      } else if (order.contact.phone) {
        await sendNdrSms(notifier, order, job.kind, variables);
      }
    }
  } catch (error) {
    if (job.fallbackOf) await releaseClaimedFallback(db, job.fallbackOf);
    throw error;
  }
}

function sendNdrSms(
  notifier: Notifier,
  order: Pick<OrderRow, 'contact'>,
  kind: NdrMessageKind,
  variables: Record<string, string>,
) {
  return notifier.sms({
    to: order.contact.phone,
    text: fillSmsTemplate(kind, variables),
    template: kind,
    variables,
  });
}
