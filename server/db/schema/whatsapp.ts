import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { whatsappConsentSources, whatsappPurposes } from '../../../contracts/whatsapp-rules';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';
import { orders } from './orders';
import { returns } from './returns';

// docs/architecture.md#whatsapp: the WhatsApp channel's consent, messages, their statuses and the shoppers'
// replies.

/**
 * A shopper's consent to WhatsApp messages, one row per purpose (order updates now; marketing later beside
 * it): when and how it was last given, and when and how taken back. Opted in is `opted_in`.
 */
export const whatsappConsents = pgTable(
  'whatsapp_consents',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: whatsappPurposes }).notNull(),
    // The 10 digits the consent was given for: messages go here, and a STOP from here takes it back.
    phone: text('phone').notNull(),
    optedIn: boolean('opted_in').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    grantedVia: text('granted_via', { enum: whatsappConsentSources }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedVia: text('revoked_via', { enum: whatsappConsentSources }),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.purpose] }),
    index('whatsapp_consents_phone_idx').on(table.phone),
  ],
);

export const whatsappMessageStatuses = [
  'sending',
  'accepted',
  'sent',
  'delivered',
  'read',
  'failed',
] as const;
export type WhatsAppMessageStatus = (typeof whatsappMessageStatuses)[number];

/**
 * Each WhatsApp message, claimed by its key before it is sent (one per event and channel: a retried or
 * repeated job finds the row and sends nothing), then given Meta's id. `fell_back_at`: the event went by
 * SMS or e-mail instead (once). `answered_at`: a COD confirmation the shopper tapped.
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    // A return's step (docs/product.md#returns): its return, so a failed message is told the other way.
    returnId: uuid('return_id').references(() => returns.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    template: text('template').notNull(),
    recipient: text('recipient').notNull(),
    wamid: text('wamid').unique(),
    status: text('status', { enum: whatsappMessageStatuses }).notNull(),
    error: text('error'),
    fellBackAt: timestamp('fell_back_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('whatsapp_messages_order_idx').on(table.orderId)],
);

/** Every status webhook once: Meta repeats them, so (message id, status) is the key. */
export const whatsappStatusEvents = pgTable(
  'whatsapp_status_events',
  {
    wamid: text('wamid').notNull(),
    status: text('status', { enum: ['sent', 'delivered', 'read', 'failed'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.wamid, table.status] })],
);

/** A shopper's reply (a button tap or a text), once each; the `whatsapp.inbound` job handles it. */
export const whatsappInbound = pgTable('whatsapp_inbound', {
  wamid: text('wamid').primaryKey(),
  fromPhone: text('from_phone').notNull(),
  kind: text('kind', { enum: ['button', 'text', 'other'] }).notNull(),
  payload: text('payload'),
  text: text('text').notNull(),
  contextId: text('context_id'),
  receivedAt: createdAt(),
  handledAt: timestamp('handled_at', { withTimezone: true }),
  outcome: text('outcome'),
});
