import { eq, sql } from 'drizzle-orm';
import {
  complaintDeadlines,
  complaintNumber,
  formatIstDay,
  formatIstMoment,
  indiaYear,
} from '../../../contracts/complaints';
import { type ContactMessage, oneLineName } from '../../../contracts/contact';
import { replyTimeText } from '../../../contracts/shop';
import type { Database } from '../../db/client';
import { complaintCounters, contactMessages } from '../../db/schema';
import { type JobPayloads, type Jobs, jobQueues } from '../../job-queues';
import type { Notifier } from '../notifications/notifier';
import { careEmailOf } from '../shop-settings/care-email';
import { readShopSettings, type ShopSettings } from '../shop-settings/read-shop-settings';

export interface RequestOrigin {
  ipAddress: string;
  userAgent: string | undefined;
  /** The shopper signed in when it was sent, if any. */
  userId?: string | null;
}

/**
 * docs/product.md#complaints: the next number of the year. The upsert holds the counter's row lock until the
 * complaint's transaction ends, so complaints sent at once take consecutive numbers and a rollback leaves no gap.
 */
async function takeComplaintNumber(tx: Database, receivedAt: Date): Promise<string> {
  const year = indiaYear(receivedAt);
  const [row] = await tx
    .insert(complaintCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: complaintCounters.year,
      set: { lastNumber: sql`${complaintCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: complaintCounters.lastNumber });
  if (!row) throw new Error('no complaint number was taken');
  return complaintNumber(year, row.lastNumber);
}

/** A complaint's number and deadlines, fixed when it arrives; nothing for any other message. */
async function complaintFields(tx: Database, message: ContactMessage, receivedAt: Date) {
  if (message.topic !== 'complaint') return {};
  return {
    complaintNumber: await takeComplaintNumber(tx, receivedAt),
    ...complaintDeadlines(receivedAt),
  };
}

/**
 * Stores the message and queues its e-mails in one transaction (docs/product.md#contact-messages): a mail
 * hiccup delays them, never loses the message. A complaint gets its number at once.
 */
export async function saveContactMessage(
  db: Database,
  jobs: Pick<Jobs, 'send'>,
  message: ContactMessage,
  origin: RequestOrigin,
  receivedAt = new Date(),
) {
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(contactMessages)
      .values({
        ...message,
        ...(await complaintFields(tx, message, receivedAt)),
        ipAddress: origin.ipAddress,
        userAgent: origin.userAgent?.slice(0, 500),
        userId: origin.userId ?? null,
        createdAt: receivedAt,
      })
      .returning({ id: contactMessages.id, complaintNumber: contactMessages.complaintNumber });
    if (!saved) throw new Error('insert returned no contact message');
    await jobs.send(tx, jobQueues.forwardContactMessage, { messageId: saved.id, recipient: 'shop' });
    await jobs.send(tx, jobQueues.forwardContactMessage, { messageId: saved.id, recipient: 'sender' });
    return saved;
  });
}

type ContactRow = typeof contactMessages.$inferSelect;

/** "Our grievance officer is …" when the owner has named one (docs/product.md#seller-and-grievance-officer). */
function grievanceOfficerLine(settings: ShopSettings): string[] {
  if (settings.grievanceOfficerName === '') return [];
  return [
    '',
    `Our grievance officer is ${settings.grievanceOfficerName}, ${settings.grievanceOfficerDesignation} (${settings.grievanceOfficerEmail}, ${settings.grievanceOfficerPhone}).`,
  ];
}

/** docs/product.md#complaints: the acknowledgement of a complaint, with its number and deadlines. */
export function complaintAcknowledgement(row: ContactRow, settings: ShopSettings) {
  const { complaintNumber: number, acknowledgeBy, resolveBy } = row;
  if (!number || !acknowledgeBy || !resolveBy) throw new Error(`contact message ${row.id} is no complaint`);
  return {
    subject: `Your complaint ${number}`,
    text: [
      `Hello ${row.name},`,
      '',
      `Thank you for writing to Ottoman Mittens. We have your complaint; its number is ${number}. We will acknowledge it by ${formatIstMoment(acknowledgeBy)} and resolve it by ${formatIstDay(resolveBy)}. Please quote the number when you write to us about it.`,
      ...grievanceOfficerLine(settings),
      '',
      'You wrote:',
      row.message,
    ].join('\n'),
  };
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

/** For the care address: when the complaint must be acknowledged and resolved. */
function complaintDeadlineLines(row: ContactRow): string[] {
  if (!row.complaintNumber || !row.acknowledgeBy || !row.resolveBy) return [];
  return [
    `Complaint: ${row.complaintNumber}`,
    `Acknowledge by: ${formatIstMoment(row.acknowledgeBy)}`,
    `Resolve by: ${formatIstDay(row.resolveBy)}`,
  ];
}

/**
 * The job's work: the message to the shop, or the acknowledgement to the sender. docs/product.md#contact-messages:
 * the shop's copy goes where the settings say (a complaint to the grievance officer, else customer care), and to
 * `fallbackEmail` (SHOP_CARE_EMAIL) only while the owner has not given customer care's e-mail.
 */
export async function forwardContactMessage(
  db: Database,
  notifier: Notifier,
  fallbackEmail: string,
  job: JobPayloads['contact.forward'],
): Promise<void> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, job.messageId));
  if (!row) return;
  const settings = await readShopSettings(db);
  if (job.recipient === 'sender') {
    const acknowledgement =
      row.topic === 'complaint'
        ? complaintAcknowledgement(row, settings)
        : contactAcknowledgement(row.name, row.message);
    await notifier.email({ to: row.email, ...acknowledgement });
    return;
  }
  // Rows stored before names were made one line (contracts/contact.ts) are made so here as well.
  const name = oneLineName(row.name);
  const careEmail = careEmailOf(settings, fallbackEmail);
  await notifier.email({
    to: row.complaintNumber ? settings.grievanceOfficerEmail || careEmail : careEmail,
    subject: row.complaintNumber ? `Complaint ${row.complaintNumber}: ${name}` : `Contact form: ${name}`,
    text: [
      `From: ${name} <${row.email}>`,
      `Sent: ${row.createdAt.toISOString()}`,
      ...complaintDeadlineLines(row),
      '',
      row.message,
    ].join('\n'),
    replyTo: row.email,
  });
}
