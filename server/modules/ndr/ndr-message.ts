import { eq } from 'drizzle-orm';
import { formatDate, formatDateTime } from '../../../contracts/format';
import {
  NDR_COD_RETURNED_OUTCOME,
  NDR_LINK_DAYS,
  type NdrMessageKind,
  ndrLinkPath,
  ndrMessages,
  ndrMessageTexts,
  ndrReasonLabels,
} from '../../../contracts/ndr';
import { orderPagePath } from '../../../contracts/orders';
import type { Database } from '../../db/client';
import { ndrReports, orders } from '../../db/schema';
import type { JobPayloads } from '../../job-queues';
import type { Notifier } from '../notifications/notifier';
import { fillSmsTemplate } from '../notifications/sms-templates';
import { smsVariable } from '../orders/order-message';
import { orderNumberOf } from '../orders/order-view';
import { createNdrLink, type NdrReportRow } from './ndr-writer';

// docs/product.md#failed-deliveries: a failed delivery told to the shopper at once, through the order messages'
// notifier and outbox (a job: a mail hiccup never loses it).

type OrderRow = typeof orders.$inferSelect;
export type NdrChannel = 'email' | 'sms';

/**
 * The one place that decides where a failed delivery is told: e-mail when the order has an address, and the
 * shopper's phone by SMS. (WhatsApp, once the shopper chose it, takes the phone's place here.)
 */
export function ndrChannelsOf(order: Pick<OrderRow, 'contact'>): NdrChannel[] {
  const channels: NdrChannel[] = [];
  if (order.contact.email) channels.push('email');
  if (order.contact.phone) channels.push('sms');
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

export async function sendNdrMessage(
  db: Database,
  notifier: Notifier,
  job: JobPayloads['ndr.message'],
  publicUrl: string,
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
  const base = publicUrl.replace(/\/$/, '');
  const link =
    job.kind === 'ndr_raised'
      ? `${base}${ndrLinkPath(await createNdrLink(db, order.id, NDR_LINK_DAYS))}`
      : `${base}${orderPagePath(order.id)}`;
  const message = ndrMessageOf(job.kind, report, order);
  for (const channel of ndrChannelsOf(order)) {
    if (channel === 'email') {
      await notifier.email({
        to: order.contact.email,
        subject: `${message.subject} (${message.facts.order})`,
        text: `Hello ${order.contact.name},\n\n${message.text}\n\n${link}\n\nOttoman Mittens`,
      });
    } else {
      const variables = {
        order: message.facts.order ?? '',
        reason: smsVariable(message.facts.reason ?? ''),
        date: smsVariable(
          job.kind === 'ndr_raised' ? (message.facts.respondBy ?? '') : (message.facts.date ?? ''),
        ),
        link,
      };
      const used: Record<string, string> =
        job.kind === 'ndr_raised'
          ? variables
          : job.kind === 'ndr_reattempt'
            ? { order: variables.order, date: variables.date, link }
            : { order: variables.order, link };
      await notifier.sms({
        to: order.contact.phone,
        text: fillSmsTemplate(job.kind, used),
        template: job.kind,
        variables: used,
      });
    }
  }
}
