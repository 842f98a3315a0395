import { eq } from 'drizzle-orm';
import { type ContactMessage, oneLineName } from '../../../contracts/contact';
import { replyTimeText } from '../../../contracts/shop';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { type JobPayloads, type Jobs, jobQueues } from '../../plugins/jobs';
import type { Notifier } from '../notifications/notifier';

export interface RequestOrigin {
  ipAddress: string;
  userAgent: string | undefined;
}

/**
 * Stores the message and queues its e-mails in one transaction (docs/product.md#contact-messages): a mail
 * hiccup delays them, never loses the message.
 */
export async function saveContactMessage(
  db: Database,
  jobs: Pick<Jobs, 'send'>,
  message: ContactMessage,
  origin: RequestOrigin,
) {
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(contactMessages)
      .values({ ...message, ipAddress: origin.ipAddress, userAgent: origin.userAgent?.slice(0, 500) })
      .returning({ id: contactMessages.id });
    if (!saved) throw new Error('insert returned no contact message');
    await jobs.send(tx, jobQueues.forwardContactMessage, { messageId: saved.id, recipient: 'shop' });
    await jobs.send(tx, jobQueues.forwardContactMessage, { messageId: saved.id, recipient: 'sender' });
    return saved;
  });
}

export function contactAcknowledgement(name: string, message: string) {
  return {
    subject: 'We have your message',
    text: [
      `Hello ${name},`,
      '',
      `Thank you for writing to Ottoman Mittens. We have your message and will reply ${replyTimeText()}.`,
      '',
      'You wrote:',
      message,
    ].join('\n'),
  };
}

/** The job's work: the message to the shop's care address, or the acknowledgement to the sender. */
export async function forwardContactMessage(
  db: Database,
  notifier: Notifier,
  careEmail: string,
  job: JobPayloads['contact.forward'],
): Promise<void> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, job.messageId));
  if (!row) return;
  if (job.recipient === 'sender') {
    await notifier.email({ to: row.email, ...contactAcknowledgement(row.name, row.message) });
    return;
  }
  // Rows stored before names were made one line (contracts/contact.ts) are made so here as well.
  const name = oneLineName(row.name);
  await notifier.email({
    to: careEmail,
    subject: `Contact form: ${name}`,
    text: [`From: ${name} <${row.email}>`, `Sent: ${row.createdAt.toISOString()}`, '', row.message].join(
      '\n',
    ),
    replyTo: row.email,
  });
}
