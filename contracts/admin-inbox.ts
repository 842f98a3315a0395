import { z } from 'zod';
import { clockStates } from './complaints';
import { contactMessageStatuses, contactTopics } from './contact';

// docs/product.md#contact-inbox: the console's inbox of contact-form messages under /api/admin/messages.

export const adminInboxMessages = {
  messageNotFound: 'We could not find that message.',
  badStatus: 'Please choose a status: new, replied or closed.',
  badTopic: 'Please choose a topic: message or complaint.',
  badPage: 'Please give the page as a whole number from 1.',
  replyRequired: 'Please write a reply.',
  replyTooLong: 'A reply must be at most 5000 characters.',
  replyKeyRequired:
    'Please send an Idempotency-Key header (10 to 64 letters, digits, - or _) so that a repeated request sends the reply once.',
  replyKeyReused: 'This Idempotency-Key was used for a different reply. Please use a new one.',
  replySent: 'Reply sent.',
  replyRepeated: 'This reply was sent already; nothing more was sent.',
  statusChoice: 'Please choose new (reopen) or closed.',
  closed: 'Message closed.',
  reopened: 'Message reopened.',
} as const;

export const INBOX_PAGE_SIZE = 20;

const idempotencyKeyPattern = /^[A-Za-z0-9_-]{10,64}$/;

export const AdminMessagesQuerySchema = z.object({
  status: z.enum(contactMessageStatuses, { message: adminInboxMessages.badStatus }).optional(),
  topic: z.enum(contactTopics, { message: adminInboxMessages.badTopic }).optional(),
  page: z.coerce
    .number({ message: adminInboxMessages.badPage })
    .int(adminInboxMessages.badPage)
    .min(1, adminInboxMessages.badPage)
    .max(10_000, adminInboxMessages.badPage)
    .default(1),
});
export type AdminMessagesQuery = z.infer<typeof AdminMessagesQuerySchema>;

export const AdminMessageIdParamsSchema = z.object({
  id: z.uuid({ message: adminInboxMessages.messageNotFound }),
});

/** docs/product.md#complaints: a complaint's number and its two clocks, as of the reply. */
export const ComplaintClocksSchema = z
  .object({
    number: z.string().describe('GRV-2026-000123'),
    acknowledgeBy: z.string().describe('48 hours after it arrived'),
    acknowledgedAt: z.string().nullable().describe('The first reply, or the closing when closed without one'),
    acknowledgement: z.enum(clockStates),
    resolveBy: z.string().describe('The last day to resolve it, in India’s calendar: 2026-02-15'),
    resolvedAt: z.string().nullable().describe('When it was closed; null while open'),
    resolution: z.enum(clockStates),
  })
  .meta({ id: 'ComplaintClocks' });
export type ComplaintClocks = z.infer<typeof ComplaintClocksSchema>;

export const InboxMessageSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  preview: z.string().describe('The first 140 characters of the message'),
  createdAt: z.string(),
  status: z.enum(contactMessageStatuses),
  replyCount: z.number().int(),
  complaint: ComplaintClocksSchema.nullable().describe('Only for a complaint'),
});
export type InboxMessageSummary = z.infer<typeof InboxMessageSummarySchema>;

export const AdminMessagesReplySchema = z.object({
  messages: z.array(InboxMessageSummarySchema).describe('Newest first'),
  page: z.number().int(),
  hasMore: z.boolean(),
  newCount: z.number().int().describe('Messages waiting for an answer, whatever the filter'),
  overdueComplaints: z
    .number()
    .int()
    .describe('Open complaints past either deadline (docs/product.md#complaints), whatever the filter'),
});
export type AdminMessagesReply = z.infer<typeof AdminMessagesReplySchema>;

export const InboxReplySchema = z.object({
  id: z.string(),
  staffName: z.string(),
  body: z.string(),
  createdAt: z.string(),
  emailedAt: z.string().nullable(),
});
export type InboxReply = z.infer<typeof InboxReplySchema>;

export const AdminMessageDetailSchema = z.object({
  message: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    message: z.string(),
    createdAt: z.string(),
    status: z.enum(contactMessageStatuses),
    statusChangedAt: z.string().nullable(),
    complaint: ComplaintClocksSchema.nullable().describe('Only for a complaint'),
  }),
  replies: z.array(InboxReplySchema).describe('Oldest first'),
  sender: z.object({
    customerId: z
      .string()
      .nullable()
      .describe(
        "The shopper account signed in when it was sent, else the one with the sender's e-mail, if any",
      ),
    ordersCount: z.number().int().describe("That account's orders, or those placed with the e-mail"),
  }),
});
export type AdminMessageDetail = z.infer<typeof AdminMessageDetailSchema>;

export const AdminReplyHeadersSchema = z.object({
  'idempotency-key': z
    .string({ message: adminInboxMessages.replyKeyRequired })
    .regex(idempotencyKeyPattern, adminInboxMessages.replyKeyRequired),
});

export const AdminReplyBodySchema = z.object({
  body: z
    .string({ message: adminInboxMessages.replyRequired })
    .trim()
    .min(1, adminInboxMessages.replyRequired)
    .max(5000, adminInboxMessages.replyTooLong),
});
export type AdminReplyBody = z.infer<typeof AdminReplyBodySchema>;

export const AdminMessageStatusBodySchema = z.object({
  status: z.enum(['new', 'closed'], { message: adminInboxMessages.statusChoice }),
});
export type AdminMessageStatusBody = z.infer<typeof AdminMessageStatusBodySchema>;

export const AdminMessageActionReplySchema = z.object({
  message: z.string(),
  detail: AdminMessageDetailSchema,
});
export type AdminMessageActionReply = z.infer<typeof AdminMessageActionReplySchema>;
