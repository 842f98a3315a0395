import { eq } from 'drizzle-orm';
import { adminInboxMessages } from '../../../contracts/admin-inbox';
import type { Database } from '../../db/client';
import { contactMessages, contactReplies } from '../../db/schema';
import { AppError } from '../../errors';
import { type Jobs, jobQueues } from '../../job-queues';
import type { StaffActor } from '../audit/audit-log';
import { recordAudit } from '../audit/audit-log';

// docs/architecture.md#contact-inbox: each change and its audit row commit together; the reply's e-mail is a
// job queued in the same transaction.

const notFound = () => new AppError('not_found', adminInboxMessages.messageNotFound);

async function lockMessage(tx: Database, id: string) {
  const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

export interface ReplyRequest {
  messageId: string;
  body: string;
  requestKey: string;
}

/**
 * Stores the reply, marks the message replied and queues its e-mail. The same Idempotency-Key again returns
 * the reply made the first time and queues nothing (docs/product.md#contact-inbox).
 */
export async function replyToMessage(
  db: Database,
  jobs: Pick<Jobs, 'send'>,
  request: ReplyRequest,
  actor: StaffActor,
) {
  return db.transaction(async (tx) => {
    const message = await lockMessage(tx, request.messageId);
    const [reply] = await tx
      .insert(contactReplies)
      .values({
        messageId: message.id,
        staffId: actor.staffId,
        body: request.body,
        requestKey: request.requestKey,
      })
      .onConflictDoNothing({ target: contactReplies.requestKey })
      .returning({ id: contactReplies.id });
    if (!reply) {
      const [earlier] = await tx
        .select({ messageId: contactReplies.messageId, body: contactReplies.body })
        .from(contactReplies)
        .where(eq(contactReplies.requestKey, request.requestKey));
      if (earlier?.messageId !== message.id || earlier.body !== request.body) {
        throw new AppError('conflict', adminInboxMessages.replyKeyReused);
      }
      return { message: adminInboxMessages.replyRepeated, repeated: true };
    }
    await tx
      .update(contactMessages)
      .set({ status: 'replied', statusChangedAt: new Date() })
      .where(eq(contactMessages.id, message.id));
    await jobs.send(tx, jobQueues.sendContactReply, { replyId: reply.id });
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'contact.reply',
      entityType: 'contact_message',
      entityId: message.id,
      before: { status: message.status },
      after: { status: 'replied', replyId: reply.id, body: request.body },
      ipAddress: actor.ipAddress,
    });
    return { message: adminInboxMessages.replySent, repeated: false };
  });
}

/** Close a message, or reopen it as new; setting the status it has already changes nothing. */
export async function setMessageStatus(
  db: Database,
  messageId: string,
  status: 'new' | 'closed',
  actor: StaffActor,
) {
  return db.transaction(async (tx) => {
    const message = await lockMessage(tx, messageId);
    const done = status === 'closed' ? adminInboxMessages.closed : adminInboxMessages.reopened;
    if (message.status === status) return { message: done };
    await tx
      .update(contactMessages)
      .set({ status, statusChangedAt: new Date() })
      .where(eq(contactMessages.id, messageId));
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: status === 'closed' ? 'contact.close' : 'contact.reopen',
      entityType: 'contact_message',
      entityId: messageId,
      before: { status: message.status },
      after: { status },
      ipAddress: actor.ipAddress,
    });
    return { message: done };
  });
}
