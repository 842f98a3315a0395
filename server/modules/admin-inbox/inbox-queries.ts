import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  type AdminMessageDetail,
  type AdminMessagesQuery,
  type AdminMessagesReply,
  INBOX_PAGE_SIZE,
} from '../../../contracts/admin-inbox';
import type { Database } from '../../db/client';
import { contactMessages, contactReplies, orders, staff, users } from '../../db/schema';
import { complaintClocksOf, countOverdueComplaints, firstReplyAt } from './complaint-clocks';

const PREVIEW_LENGTH = 140;

function previewOf(message: string): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 1)}…` : flat;
}

export async function countNewMessages(db: Database): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(contactMessages)
    .where(eq(contactMessages.status, 'new'));
  return row?.value ?? 0;
}

/**
 * docs/product.md#contact-inbox: newest first, a page at a time, optionally one status or topic only; each
 * complaint with its clocks as of `now` (docs/product.md#complaints).
 */
export async function listInboxMessages(
  db: Database,
  query: AdminMessagesQuery,
  now: Date,
): Promise<AdminMessagesReply> {
  // Written out in full: drizzle leaves the columns of a correlated subquery unqualified.
  const replyCount = sql<number>`(select count(*)::int from contact_replies r where r.message_id = contact_messages.id)`;
  const rows = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
      status: contactMessages.status,
      replyCount,
      complaintNumber: contactMessages.complaintNumber,
      acknowledgeBy: contactMessages.acknowledgeBy,
      resolveBy: contactMessages.resolveBy,
      statusChangedAt: contactMessages.statusChangedAt,
      firstReplyAt: firstReplyAt.mapWith(contactReplies.createdAt),
    })
    .from(contactMessages)
    .where(
      and(
        query.status ? eq(contactMessages.status, query.status) : undefined,
        query.topic ? eq(contactMessages.topic, query.topic) : undefined,
      ),
    )
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(INBOX_PAGE_SIZE + 1)
    .offset((query.page - 1) * INBOX_PAGE_SIZE);
  return {
    messages: rows.slice(0, INBOX_PAGE_SIZE).map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      preview: previewOf(row.message),
      createdAt: row.createdAt.toISOString(),
      status: row.status,
      replyCount: Number(row.replyCount),
      complaint: complaintClocksOf(row, now),
    })),
    page: query.page,
    hasMore: rows.length > INBOX_PAGE_SIZE,
    newCount: await countNewMessages(db),
    overdueComplaints: await countOverdueComplaints(db, now),
  };
}

/**
 * The sender's shopper account and its paid orders: the one signed in when the message was sent, else the one
 * with the sender's e-mail (accounts keep e-mails lower-cased).
 */
async function senderOf(
  db: Database,
  message: { email: string; userId: string | null },
): Promise<AdminMessageDetail['sender']> {
  const [account] = message.userId
    ? [{ id: message.userId }]
    : await db.select({ id: users.id }).from(users).where(eq(users.email, message.email.toLowerCase()));
  if (!account) return { customerId: null, ordersCount: 0 };
  const [paid] = await db
    .select({ value: count() })
    .from(orders)
    .where(and(eq(orders.userId, account.id), isNotNull(orders.paidAt)));
  return { customerId: account.id, ordersCount: paid?.value ?? 0 };
}

export async function findInboxMessage(
  db: Database,
  id: string,
  now: Date,
): Promise<AdminMessageDetail | undefined> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!row) return undefined;
  const replies = await db
    .select({
      id: contactReplies.id,
      staffName: staff.name,
      body: contactReplies.body,
      createdAt: contactReplies.createdAt,
      emailedAt: contactReplies.emailedAt,
    })
    .from(contactReplies)
    .innerJoin(staff, eq(staff.id, contactReplies.staffId))
    .where(eq(contactReplies.messageId, id))
    .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id));
  return {
    message: {
      id: row.id,
      name: row.name,
      email: row.email,
      message: row.message,
      createdAt: row.createdAt.toISOString(),
      status: row.status,
      statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
      complaint: complaintClocksOf({ ...row, firstReplyAt: replies[0]?.createdAt ?? null }, now),
    },
    replies: replies.map((reply) => ({
      ...reply,
      createdAt: reply.createdAt.toISOString(),
      emailedAt: reply.emailedAt?.toISOString() ?? null,
    })),
    sender: await senderOf(db, row),
  };
}
