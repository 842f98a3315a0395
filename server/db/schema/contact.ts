import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contactMessageStatuses } from '../../../contracts/contact';
import { createdAt } from './columns';
import { staff } from './staff';

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    // The console's inbox (docs/product.md#contact-inbox): new until answered or closed.
    status: text('status', { enum: contactMessageStatuses }).notNull().default('new'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('contact_messages_created_at_idx').on(table.createdAt),
    index('contact_messages_new_idx').on(table.createdAt).where(sql`${table.status} = 'new'`),
  ],
);

/** A reply written in the console, e-mailed to the sender and kept in the message's thread. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    body: text('body').notNull(),
    // The console's Idempotency-Key: a retried send is the same reply, never a second e-mail.
    requestKey: text('request_key').notNull().unique(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('contact_replies_message_idx').on(table.messageId, table.createdAt)],
);
