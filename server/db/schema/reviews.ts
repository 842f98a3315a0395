import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { reviewStatuses } from '../../../contracts/review-rules';
import { users } from './accounts';
import { products } from './catalogue';
import { createdAt, updatedAt } from './columns';
import { orders } from './orders';
import { staff } from './staff';

/**
 * docs/product.md#reviews: a shopper's review of a product they received, one per shopper and product. `order_id`
 * is the delivered order that made them a verified buyer. The author's first name and city are copied when it is
 * written, and shown only with `show_name_and_city`. A hidden review keeps the owner's reason.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    // docs/product.md#your-data: deleting the account deletes its reviews.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    showNameAndCity: boolean('show_name_and_city').notNull().default(false),
    authorFirstName: text('author_first_name').notNull().default(''),
    authorCity: text('author_city').notNull().default(''),
    status: text('status', { enum: reviewStatuses }).notNull(),
    hiddenReason: text('hidden_reason'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    reply: text('reply'),
    replyAt: timestamp('reply_at', { withTimezone: true }),
    replyStaffId: uuid('reply_staff_id').references(() => staff.id),
    /** The review_votes rows counted, kept with the review so the page sorts by it. */
    helpfulCount: integer('helpful_count').notNull().default(0),
    photoCount: integer('photo_count').notNull().default(0),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('reviews_one_per_shopper_idx').on(table.productId, table.userId),
    index('reviews_product_status_idx').on(table.productId, table.status, table.createdAt),
    index('reviews_status_idx').on(table.status, table.createdAt),
    index('reviews_user_idx').on(table.userId),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
    check('reviews_hidden_has_reason', sql`${table.status} <> 'hidden' or ${table.hiddenReason} is not null`),
    check(
      'reviews_counts_not_negative',
      sql`${table.helpfulCount} >= 0 and ${table.photoCount} between 0 and 4`,
    ),
  ],
);

/** docs/architecture.md#review-photos: a review's photos, stored private as return photos are, by content hash. */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    imageHash: text('image_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('review_photos_review_idx').on(table.reviewId, table.createdAt)],
);

/** "Helpful" votes: one per shopper and review. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.reviewId, table.userId] })],
);

/** docs/product.md#review-requests: the one review request of an order, written when it is queued. */
export const reviewRequests = pgTable('review_requests', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  /** When the message went; null while its job waits, or when it was dropped (`skipped`). */
  sentAt: timestamp('sent_at', { withTimezone: true }),
  channel: text('channel', { enum: ['email', 'sms'] }),
  /** Why the message was not sent after all (opted out, everything returned meanwhile, no address). */
  skipped: text('skipped'),
});

/**
 * The links review requests carry: the form signed for one order, without sign-in, until `expires_at`. Only the
 * token's hash is kept; a link works for as long as it lives (the shopper may come back to add a photo).
 */
export const reviewLinks = pgTable(
  'review_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('review_links_order_idx').on(table.orderId)],
);

/** Shoppers who asked not to be sent review requests. */
export const reviewRequestOptOuts = pgTable('review_request_opt_outs', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** docs/product.md#reviews: the owner's settings, one row (id 1) written on the first save; defaults until then. */
export const reviewSettings = pgTable(
  'review_settings',
  {
    id: integer('id').primaryKey().default(1),
    autoPublish: boolean('auto_publish').notNull().default(true),
    requestDelayDays: integer('request_delay_days').notNull().default(5),
    updatedByStaffId: uuid('updated_by_staff_id').references(() => staff.id),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('review_settings_single_row', sql`${table.id} = 1`),
    check('review_settings_delay_range', sql`${table.requestDelayDays} between 1 and 60`),
  ],
);
