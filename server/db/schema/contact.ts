import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contactMessageStatuses, contactTopics } from '../../../contracts/contact';
import { users } from './accounts';
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
    /** docs/product.md#contact-inbox: the shopper who was signed in when sending it, whatever e-mail they typed. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    // The console's inbox (docs/product.md#contact-inbox): new until answered or closed.
    status: text('status', { enum: contactMessageStatuses }).notNull().default('new'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    // docs/product.md#complaints: a complaint has its acknowledgement number and its two deadlines, fixed
    // when it arrives.
    topic: text('topic', { enum: contactTopics }).notNull().default('message'),
    complaintNumber: text('complaint_number').unique(),
    acknowledgeBy: timestamp('acknowledge_by', { withTimezone: true }),
    /** The last day, in India's calendar, to resolve the complaint. */
    resolveBy: date('resolve_by', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('contact_messages_created_at_idx').on(table.createdAt),
    index('contact_messages_new_idx').on(table.createdAt).where(sql`${table.status} = 'new'`),
    index('contact_messages_complaints_idx').on(table.createdAt).where(sql`${table.topic} = 'complaint'`),
    index('contact_messages_user_idx').on(table.userId).where(sql`${table.userId} is not null`),
    check(
      'contact_messages_complaint_has_number',
      sql`(${table.topic} = 'complaint') = (${table.complaintNumber} is not null and ${table.acknowledgeBy} is not null and ${table.resolveBy} is not null)`,
    ),
  ],
);

/** docs/product.md#complaints: the last complaint number given in each calendar year (India's). */
export const complaintCounters = pgTable('complaint_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

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
