import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contactMessages, contactReplies } from '../../db/schema';
import type { JobPayloads } from '../../job-queues';
import { contactReplyEmail } from '../notifications/contact-reply-template';
import type { Notifier } from '../notifications/notifier';

/**
 * The `contact.reply` job: e-mails a console reply to the message's sender, answering to the shop's care
 * address, then stamps `emailed_at`. A retry after the stamp sends nothing (docs/product.md#contact-inbox).
 */
export async function sendContactReply(
  db: Database,
  notifier: Notifier,
  careEmail: string,
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
  await notifier.email({ to: row.message.email, ...email, replyTo: careEmail });
  await db.update(contactReplies).set({ emailedAt: new Date() }).where(eq(contactReplies.id, row.reply.id));
}
