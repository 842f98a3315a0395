import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [index('contact_messages_created_at_idx').on(table.createdAt)],
);
