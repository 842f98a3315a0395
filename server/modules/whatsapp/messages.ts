import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { WhatsAppTemplateName } from '../../../contracts/whatsapp-rules';
import { whatsappTemplates } from '../../../contracts/whatsapp-rules';
import type { Database } from '../../db/client';
import {
  type WhatsAppMessageStatus,
  whatsappInbound,
  whatsappMessages,
  whatsappStatusEvents,
} from '../../db/schema';
import { messagesSent } from '../../metrics';
import type { WhatsAppClient } from '../../providers/whatsapp/client';
import type { StatusEvent } from '../../providers/whatsapp/webhook';

// docs/architecture.md#whatsapp: each message claimed by its key before it is sent, so a retried or repeated job
// sends it once; Meta's id recorded with it; its statuses applied as they come, in any order and repeated.

export type MessageRow = typeof whatsappMessages.$inferSelect;

export interface WhatsAppSend {
  /** One per event and channel: the order, the kind and the refund, or a resend's own. */
  dedupeKey: string;
  orderId: string | null;
  /** A return's step: its return. */
  returnId?: string;
  kind: string;
  template: WhatsAppTemplateName;
  to: string;
  bodyParameters: readonly string[];
  quickReplyPayloads?: readonly string[];
}

export type SendOutcome =
  /** Sent now, or earlier by a run of the same job: nothing more to do. */
  | { kind: 'sent'; message: MessageRow }
  /** WhatsApp refused it, now or before: the event goes by the other channel (the caller claimed the fallback). */
  | { kind: 'failed'; message: MessageRow; fallBack: boolean };

const PROGRESS: Record<WhatsAppMessageStatus, number> = {
  sending: 0,
  accepted: 1,
  sent: 2,
  delivered: 3,
  read: 4,
  failed: 5,
};

/**
 * Claims the fallback of a message to SMS or e-mail: true for the one caller that gets it (a failed status, a
 * send error, an unanswered COD confirmation: whichever comes first), never for an answered one.
 */
export async function claimFallback(db: Database, messageId: string): Promise<boolean> {
  const claimed = await db
    .update(whatsappMessages)
    .set({ fellBackAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(whatsappMessages.id, messageId),
        isNull(whatsappMessages.fellBackAt),
        isNull(whatsappMessages.answeredAt),
      ),
    )
    .returning({ id: whatsappMessages.id });
  return claimed.length > 0;
}

/** The fallback claimed by a job could not be sent: its retry claims it again. */
export async function releaseClaimedFallback(db: Database, messageId: string): Promise<void> {
  await db
    .update(whatsappMessages)
    .set({ fellBackAt: null, updatedAt: sql`now()` })
    .where(eq(whatsappMessages.id, messageId));
}

/** Sends a template once per key. A send error fails the message and claims its fallback at once. */
export async function sendWhatsAppOnce(
  db: Database,
  client: WhatsAppClient,
  send: WhatsAppSend,
): Promise<SendOutcome> {
  const template = whatsappTemplates[send.template];
  const [claimed] = await db
    .insert(whatsappMessages)
    .values({
      dedupeKey: send.dedupeKey,
      orderId: send.orderId,
      returnId: send.returnId ?? null,
      kind: send.kind,
      template: template.name,
      recipient: send.to,
      status: 'sending',
    })
    .onConflictDoNothing()
    .returning();
  if (!claimed) {
    const [known] = await db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.dedupeKey, send.dedupeKey));
    if (!known) throw new Error(`WhatsApp message ${send.dedupeKey} vanished`);
    // A run that died between claim and send loses that one message rather than sending it twice.
    if (known.status !== 'failed') return { kind: 'sent', message: known };
    return { kind: 'failed', message: known, fallBack: known.fellBackAt !== null };
  }
  try {
    const { messageId } = await client.sendTemplate({
      to: send.to,
      template: template.name,
      language: template.language,
      bodyParameters: send.bodyParameters,
      ...(send.quickReplyPayloads ? { quickReplyPayloads: send.quickReplyPayloads } : {}),
    });
    messagesSent.inc({ channel: 'whatsapp', outcome: 'sent' });
    const [sent] = await db
      .update(whatsappMessages)
      .set({ wamid: messageId, status: 'accepted', updatedAt: sql`now()` })
      .where(eq(whatsappMessages.id, claimed.id))
      .returning();
    const message = sent ?? claimed;
    // A status that arrived before the id was written (Meta's webhooks can outrun its reply).
    await applyStoredStatuses(db, message);
    const [fresh] = await db.select().from(whatsappMessages).where(eq(whatsappMessages.id, claimed.id));
    return { kind: 'sent', message: fresh ?? message };
  } catch (error) {
    messagesSent.inc({ channel: 'whatsapp', outcome: 'failed' });
    const [failed] = await db
      .update(whatsappMessages)
      .set({ status: 'failed', error: String(error).slice(0, 500), updatedAt: sql`now()` })
      .where(eq(whatsappMessages.id, claimed.id))
      .returning();
    const message = failed ?? claimed;
    return { kind: 'failed', message, fallBack: await claimFallback(db, message.id) };
  }
}

async function advance(db: Database, wamid: string, status: StatusEvent['status'], error: string | null) {
  // Statuses arrive in any order: the message keeps the furthest (failed above all).
  const lower = (Object.keys(PROGRESS) as WhatsAppMessageStatus[]).filter(
    (candidate) => PROGRESS[candidate] < PROGRESS[status],
  );
  const [message] = await db
    .update(whatsappMessages)
    .set({ status, ...(error ? { error } : {}), updatedAt: sql`now()` })
    .where(and(eq(whatsappMessages.wamid, wamid), inArray(whatsappMessages.status, lower)))
    .returning();
  return message;
}

async function applyStoredStatuses(db: Database, message: MessageRow) {
  if (!message.wamid) return;
  const stored = await db
    .select()
    .from(whatsappStatusEvents)
    .where(eq(whatsappStatusEvents.wamid, message.wamid));
  for (const event of stored) await advance(db, event.wamid, event.status, event.error);
}

/**
 * Records status webhooks, each (message, status) once however often Meta repeats it. Answers the messages that
 * newly failed: each may fall back to SMS or e-mail.
 */
export async function recordStatuses(db: Database, statuses: StatusEvent[]): Promise<MessageRow[]> {
  const failed: MessageRow[] = [];
  for (const status of statuses) {
    const [fresh] = await db
      .insert(whatsappStatusEvents)
      .values({ wamid: status.messageId, status: status.status, at: status.at, error: status.error })
      .onConflictDoNothing()
      .returning({ wamid: whatsappStatusEvents.wamid });
    if (!fresh) continue;
    const message = await advance(db, status.messageId, status.status, status.error);
    if (message && status.status === 'failed') failed.push(message);
  }
  return failed;
}

/** The message of ours a reply answered, if it was one of this order's. */
export async function messageOfOrder(
  db: Database,
  wamid: string,
  orderId: string,
): Promise<MessageRow | undefined> {
  const [message] = await db
    .select()
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.wamid, wamid), eq(whatsappMessages.orderId, orderId)));
  return message;
}

/** Marks a COD confirmation answered: its delayed fallback then sends nothing. */
export async function markAnswered(db: Database, messageId: string): Promise<void> {
  await db
    .update(whatsappMessages)
    .set({ answeredAt: sql`coalesce(${whatsappMessages.answeredAt}, now())`, updatedAt: sql`now()` })
    .where(eq(whatsappMessages.id, messageId));
}

/** Meta stops repeating a webhook within days; the keys that de-duplicate them are kept this long. */
const EVENTS_KEPT_DAYS = 30;

/**
 * The 15-minute sweep: status events and handled replies older than 30 days are forgotten (the messages keep
 * their latest status), so the tables stay bounded however many messages a long run sends.
 */
export async function forgetOldWhatsAppEvents(db: Database): Promise<number> {
  const before = sql`now() - make_interval(days => ${EVENTS_KEPT_DAYS})`;
  const statuses = await db
    .delete(whatsappStatusEvents)
    .where(lt(whatsappStatusEvents.createdAt, before))
    .returning({ wamid: whatsappStatusEvents.wamid });
  const replies = await db
    .delete(whatsappInbound)
    .where(and(isNotNull(whatsappInbound.handledAt), lt(whatsappInbound.receivedAt, before)))
    .returning({ wamid: whatsappInbound.wamid });
  return statuses.length + replies.length;
}
