import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import type { JobPayloads } from '../../plugins/jobs';
import { invoiceAttachmentOf } from '../invoices/invoice-attachment';
import type { Notifier } from '../notifications/notifier';
import { fillSmsTemplate } from '../notifications/sms-templates';
import { isStaleStageEmail } from './lifecycle';
import { renderOrderEmailHtml } from './order-email-html';
import { orderEmailText, orderMessageOf } from './order-message';
import { toOrderViews } from './order-view';

export type OrderEmailJob = JobPayloads['order.email'];

/**
 * The shopper's message about their order (sent by a job, so a mail server hiccup never loses it): by e-mail,
 * or by SMS for a shopper with no e-mail (docs/product.md#order-messages).
 */
export async function sendOrderEmail(
  db: Database,
  notifier: Notifier,
  job: OrderEmailJob,
  publicUrl: string,
): Promise<void> {
  const [row] = await db.select().from(orders).where(eq(orders.id, job.orderId));
  if (!row || isStaleStageEmail(job.kind, row.status)) return;
  const [order] = await toOrderViews(db, [row]);
  if (!order) return;
  const message = orderMessageOf(order, job.kind, publicUrl);
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
