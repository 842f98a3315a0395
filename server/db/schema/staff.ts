import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { staffRoles } from '../../../contracts/staff';
import { newOrderEmailChoices } from '../../../contracts/staff-alerts';
import { createdAt, updatedAt } from './columns';
import { orders } from './orders';

/** The people who run the shop: not shoppers, with roles of their own (docs/architecture.md#staff). */
export const staff = pgTable('staff', {
  id: uuid('id').primaryKey().defaultRandom(),
  // Lower-cased.
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  role: text('role', { enum: staffRoles }).notNull(),
  // argon2id; null until the set-up link is used.
  passwordHash: text('password_hash'),
  // The TOTP secret (base32), sealed with STAFF_SECRETS_KEY (secret-box.ts), set at set-up; sign-in needs it confirmed.
  totpSecret: text('totp_secret'),
  totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
  // The latest TOTP time step accepted: a code is accepted once, and never an older one.
  lastTotpStep: integer('last_totp_step'),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  // How they hear of new orders by e-mail; null until they choose: their role's default (docs/product.md#staff-alerts).
  newOrderEmail: text('new_order_email', { enum: newOrderEmailChoices }),
  // Null for the first owner, made on the command line.
  createdBy: uuid('created_by').references((): AnyPgColumn => staff.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A one-time link to choose a password and set up TOTP; stored hashed, valid 24 hours. */
export const staffSetupLinks = pgTable('staff_setup_links', {
  id: uuid('id').primaryKey().defaultRandom(),
  staffId: uuid('staff_id')
    .notNull()
    .references(() => staff.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Single-use codes for when the authenticator is lost; stored hashed. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('staff_recovery_codes_staff_idx').on(table.staffId)],
);

/**
 * A staff session: opaque token stored hashed. It opens the console only once the second factor is given
 * (`second_factor_at`), ends after 30 idle minutes or 12 hours in all, and can be revoked. A pending one allows 5
 * code attempts (`code_attempts`).
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    codeAttempts: integer('code_attempts').notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [index('staff_sessions_staff_idx').on(table.staffId)],
);

/** Every change staff make: who, what, which record, before and after, from where, when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null for the command line.
    staffId: uuid('staff_id').references(() => staff.id),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt),
    index('audit_log_entity_idx').on(table.entityType, table.entityId, table.createdAt),
    index('audit_log_staff_idx').on(table.staffId, table.createdAt),
  ],
);

/** Internal notes staff add to an order; never shown to the shopper. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    body: text('body').notNull(),
    /** The request's Idempotency-Key: the same request sent twice adds one note (null on notes from before). */
    requestKey: text('request_key'),
    createdAt: createdAt(),
  },
  (table) => [
    index('order_notes_order_idx').on(table.orderId, table.createdAt),
    uniqueIndex('order_notes_request_key_idx').on(table.orderId, table.requestKey),
  ],
);
