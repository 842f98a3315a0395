import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Lower-cased; null for an account made by phone signup (docs/product.md#phone-and-email).
    email: text('email').unique(),
    // The bare 10 digits (docs/product.md#phone-and-email).
    phone: text('phone').unique(),
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
    profilePic: text('profile_pic').notNull().default(''),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('users_phone_ten_digits', sql`${table.phone} ~ '^[0-9]{10}$'`)],
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

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: otpChannels }).notNull(),
    address: text('address').notNull(),
    codeHash: text('code_hash').notNull(),
    // Every comparison claims one first, so concurrent guesses cannot exceed the limit.
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ipAddress: text('ip_address'),
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

/** Failed logins per account identifier and per IP, kept in the database so every process sees them. */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: updatedAt(),
});
