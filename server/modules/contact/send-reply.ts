import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contactMessages, contactReplies } from '../../db/schema';
import type { JobPayloads } from '../../job-queues';
import { contactReplyEmail } from '../notifications/contact-reply-template';
import type { Notifier } from '../notifications/notifier';
import { careEmailOf } from '../shop-settings/care-email';
import { readShopSettings } from '../shop-settings/read-shop-settings';

/**
 * The `contact.reply` job: e-mails a console reply to the message's sender, answering to customer care's address
 * in the settings (`fallbackEmail`, SHOP_CARE_EMAIL, until there is one), then stamps `emailed_at`. A retry after
 * the stamp sends nothing (docs/product.md#contact-inbox).
 */
export async function sendContactReply(
  db: Database,
  notifier: Notifier,
  fallbackEmail: string,
  job: JobPayloads['contact.reply'],
): Promise<void> {
  const [row] = await db
    .select({ reply: contactReplies, message: contactMessages })
    .from(contactReplies)
    .innerJoin(contactMessages, eq(contactMessages.id, contactReplies.messageId))
    .where(eq(contactReplies.id, job.replyId));
  if (!row || row.reply.emailedAt) return;
  const email = contactReplyEmail({
    senderName: row.message.name,
    originalMessage: row.message.message,
    sentAt: row.message.createdAt,
    replyBody: row.reply.body,
  });
  const replyTo = careEmailOf(await readShopSettings(db), fallbackEmail);
  await notifier.email({ to: row.message.email, ...email, replyTo });
  await db.update(contactReplies).set({ emailedAt: new Date() }).where(eq(contactReplies.id, row.reply.id));
}
