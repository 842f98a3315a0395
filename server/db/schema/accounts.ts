import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Lower-cased; null for an account made by phone signup (docs/product.md#phone-and-email).
    email: text('email').unique(),
    // The bare 10 digits (docs/product.md#phone-and-email). Only a verified number (phone_verified_at set)
    // signs in or belongs to one account; an unverified one is just a number for the courier
    // (docs/architecture.md#accounts).
    phone: text('phone'),
    // argon2id; null for an account made by Google sign-in that never set one.
    passwordHash: text('password_hash'),
    googleSubject: text('google_subject').unique(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    houseName: text('house_name').notNull().default(''),
    streetArea: text('street_area').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    country: text('country').notNull().default(''),
    pincode: text('pincode').notNull().default(''),
    // The delivery address's contact mobile, bare 10 digits, when it is not the account's phone
    // (docs/product.md#delivery-address): couriers call it; it signs nothing in, so it needs no OTP.
    deliveryPhone: text('delivery_phone'),
    profilePic: text('profile_pic').notNull().default(''),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    // Blocked by the shop (docs/product.md#customers): cannot sign in or pay; open orders are untouched.
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('users_phone_ten_digits', sql`${table.phone} ~ '^[0-9]{10}$'`),
    check('users_delivery_phone_ten_digits', sql`${table.deliveryPhone} ~ '^[0-9]{10}$'`),
    uniqueIndex('users_verified_phone_idx').on(table.phone).where(sql`${table.phoneVerifiedAt} is not null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the token: a leaked table gives no usable session.
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const otpChannels = ['email', 'sms'] as const;

/**
 * What a code proves (docs/architecture.md#security): `account` the address (signup, sign-in, reset, a phone
 * change, account deletion), `cod_confirmation` a cash-on-delivery order's confirmation. Each scope has its own
 * live code, sends and resend interval, so one never blocks, replaces or spends the other.
 */
export const otpScopes = ['account', 'cod_confirmation'] as const;
export type OtpScope = (typeof otpScopes)[number];

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: otpChannels }).notNull(),
    address: text('address').notNull(),
    scope: text('scope', { enum: otpScopes }).notNull().default('account'),
    codeHash: text('code_hash').notNull(),
    // Every comparison claims one first, so concurrent guesses cannot exceed the limit.
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ipAddress: text('ip_address'),
    // False for a code answered to an address with no account: recorded, so the reply and the limits look
    // the same, but never sent (docs/architecture.md#accounts).
    delivered: boolean('delivered').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [index('otp_codes_address_idx').on(table.channel, table.address, table.createdAt)],
);

/** The ticket a verified OTP gives: signup spends it, once, for the address it was issued to. */
export const verificationTickets = pgTable('verification_tickets', {
  id: uuid('id').primaryKey().defaultRandom(),
  channel: text('channel', { enum: otpChannels }).notNull(),
  address: text('address').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Counts of attempts per key in a rolling window (failed logins per account, requests per IP or address),
 * kept in the database so every process sees them; a count older than the window starts again.
 */
export const attemptCounters = pgTable('attempt_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Bot-challenge solutions already used: each solves one request only, until its challenge expires. */
export const spentChallenges = pgTable('spent_challenges', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const securityAlertKinds = [
  'sms_budget_exhausted',
  'sms_prefix_velocity',
  'webhook_signature_failed',
  'staff_code_failures',
  'cod_order_velocity',
] as const;

/**
 * Abuse the shop noticed and the owner should see (the owner's console lists the open ones); one open row
 * per kind and subject, counted up while the abuse goes on.
 */
export const securityAlerts = pgTable(
  'security_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: securityAlertKinds }).notNull(),
    // What the alert is about, e.g. a number prefix; '' for a shop-wide alert.
    subject: text('subject').notNull().default(''),
    detail: text('detail').notNull(),
    occurrences: integer('occurrences').notNull().default(1),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('security_alerts_open_idx')
      .on(table.kind, table.subject)
      .where(sql`${table.resolvedAt} is null`),
  ],
);
