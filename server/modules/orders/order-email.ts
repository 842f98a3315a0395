import { eq } from 'drizzle-orm';
import { codConfirmLinkPath } from '../../../contracts/cod';
import type { Order } from '../../../contracts/orders';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import type { JobPayloads } from '../../job-queues';
import { newCodConfirmToken } from '../cod/confirm-links';
import {
  claimCodRefundMessage,
  codRefundsToTell,
  releaseCodRefundMessage,
} from '../cod-money/cod-refund-messages';
import { invoiceAttachmentOf } from '../invoices/invoice-attachment';
import type { Notifier } from '../notifications/notifier';
import { fillSmsTemplate } from '../notifications/sms-templates';
import {
  claimRefundMessage,
  processedRefundsOfOrder,
  type RefundToTell,
  releaseRefundMessage,
} from '../payments/refund-records';
import { awaitsCodConfirmation, isStaleStageEmail } from './lifecycle';
import { renderOrderEmailHtml } from './order-email-html';
import { type OrderMessage, orderEmailText, orderMessageOf } from './order-message';
import { toOrderViews } from './order-view';
import { type OrderWhatsApp, orderMessageByWhatsApp, releaseFallback } from './order-whatsapp';

export type OrderEmailJob = JobPayloads['order.email'];

/**
 * The refund a partial refund's message is about: the job's own (told once: a repeated job finds it told), or
 * for a resend the latest one told.
 */
async function refundToTell(
  db: Database,
  job: OrderEmailJob,
  cod: boolean,
): Promise<RefundToTell | undefined> {
  const refunds = cod
    ? await codRefundsToTell(db, job.orderId)
    : await processedRefundsOfOrder(db, job.orderId);
  if (!job.refundId) return refunds.find((refund) => refund.shopperNotifiedAt !== null);
  const refund = refunds.find((candidate) => candidate.id === job.refundId);
  // A return's refund is told once, by the return's own message with its amount (docs/product.md#returns).
  if (!refund || refund.forReturn) return undefined;
  const claimed = cod ? await claimCodRefundMessage(db, refund.id) : await claimRefundMessage(db, refund.id);
  return claimed ? refund : undefined;
}

/**
 * The shopper's message about their order (sent by a job, so a mail server hiccup never loses it): by e-mail,
 * or by SMS for a shopper with no e-mail (docs/product.md#order-messages); on WhatsApp for a shopper who chose
 * it (docs/product.md#whatsapp), and then by e-mail or SMS only if WhatsApp fails.
 */
export async function sendOrderEmail(
  db: Database,
  notifier: Notifier,
  job: OrderEmailJob,
  publicUrl: string,
  whatsapp?: OrderWhatsApp,
): Promise<void> {
  const [row] = await db.select().from(orders).where(eq(orders.id, job.orderId));
  if (!row || isStaleStageEmail(job.kind, row.status)) return;
  const [order] = await toOrderViews(db, [row]);
  if (!order) return;
  if (job.kind === 'cod_confirm_request') {
    if (!awaitsCodConfirmation(row) || !row.codConfirmBy) return;
    // Its WhatsApp form carries buttons, not the link: the link is made only if it goes by SMS or e-mail.
    const message = orderMessageOf(order, 'cod_confirm_request', publicUrl);
    if ((await orderMessageByWhatsApp(db, whatsapp, row, job, message)) === 'done') return;
    await otherwiseReleasing(db, job, () => sendCodConfirmRequest(db, notifier, row, order, publicUrl));
    return;
  }
  if (job.kind !== 'partially_refunded') {
    const message = orderMessageOf(order, job.kind, publicUrl);
    if ((await orderMessageByWhatsApp(db, whatsapp, row, job, message)) === 'done') return;
    await otherwiseReleasing(db, job, () => deliver(db, notifier, row, job, message));
    return;
  }
  const cod = row.paymentMethod === 'COD';
  const refund = await refundToTell(db, job, cod);
  if (!refund) return;
  try {
    const message = orderMessageOf(order, job.kind, publicUrl, refund);
    if ((await orderMessageByWhatsApp(db, whatsapp, row, job, message)) === 'done') return;
    await otherwiseReleasing(db, job, () => deliver(db, notifier, row, job, message));
  } catch (error) {
    // Not told after all: the job's retry tells it.
    if (job.refundId) {
      await (cod ? releaseCodRefundMessage(db, refund.id) : releaseRefundMessage(db, refund.id));
    }
    throw error;
  }
}

/** Sends by e-mail or SMS; a fallback this job claimed is given back when that fails, for the retry. */
async function otherwiseReleasing(db: Database, job: OrderEmailJob, send: () => Promise<void>) {
  try {
    await send();
  } catch (error) {
    await releaseFallback(db, job);
    throw error;
  }
}

async function deliver(
  db: Database,
  notifier: Notifier,
  row: typeof orders.$inferSelect,
  job: OrderEmailJob,
  message: OrderMessage,
): Promise<void> {
  if (row.contact.email) {
    const invoice = job.kind === 'confirmed' ? await invoiceAttachmentOf(db, row.id) : undefined;
    await notifier.email({
      ...(invoice ? { attachments: [invoice] } : {}),
      to: row.contact.email,
      subject: message.subject,
      text: orderEmailText(message),
      html: await renderOrderEmailHtml(message),
    });
    return;
  }
  if (!row.contact.phone) return;
  await notifier.sms({
    to: row.contact.phone,
    text: fillSmsTemplate(message.sms.template, message.sms.variables),
    template: message.sms.template,
    variables: message.sms.variables,
  });
}

/**
 * docs/product.md#cash-on-delivery: the confirm link of a COD order still awaiting confirmation, by e-mail and by
 * SMS both (the shopper may have left the page before typing the OTP). Each send makes a link of its own.
 */
async function sendCodConfirmRequest(
  db: Database,
  notifier: Notifier,
  row: typeof orders.$inferSelect,
  order: Order,
  publicUrl: string,
): Promise<void> {
  if (!awaitsCodConfirmation(row) || !row.codConfirmBy) return;
  const token = await newCodConfirmToken(db, row.id, row.codConfirmBy);
  const link = new URL(codConfirmLinkPath(token), publicUrl).toString();
  const message = orderMessageOf(order, 'cod_confirm_request', publicUrl, undefined, link);
  if (row.contact.email) {
    await notifier.email({
      to: row.contact.email,
      subject: message.subject,
      text: orderEmailText(message),
      html: await renderOrderEmailHtml(message),
    });
  }
  if (row.contact.phone) {
    await notifier.sms({
      to: row.contact.phone,
      text: fillSmsTemplate(message.sms.template, message.sms.variables),
      template: message.sms.template,
      variables: message.sms.variables,
    });
  }
}
