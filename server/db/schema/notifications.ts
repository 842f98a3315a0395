import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const notificationChannels = ['email', 'sms'] as const;

/** Every message the shop sends; with no real transport configured this is the dev outbox. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: notificationChannels }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    // The plain-text part (an SMS's whole text); an HTML e-mail also keeps its HTML part.
    body: text('body').notNull(),
    html: text('html'),
    // The OTP in the message, kept only while messages go to the dev outbox (never with a real transport).
    code: text('code'),
    transport: text('transport').notNull(),
    status: text('status', { enum: ['sent', 'failed'] }).notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (table) => [index('notifications_recipient_idx').on(table.recipient, table.createdAt)],
);
