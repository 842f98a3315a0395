import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { LOW_RATING, type ReviewSettings, reviewMessages } from '../../../contracts/review-rules';
import type { NewReviewBody, ReviewBody } from '../../../contracts/reviews';
import type { Database } from '../../db/client';
import { orderAttention, products, reviews, reviewVotes, users } from '../../db/schema';
import { isUuid } from '../../db/uuid';
import { AppError } from '../../errors';
import { type Jobs, jobQueues } from '../../job-queues';
import type { StaffActor } from '../audit/audit-log';
import { changedValues, recordAudit } from '../audit/audit-log';
import { reviewEligibility } from './review-eligibility';
import { boughtLinesOf, linesOfProduct, type ReviewAuthor } from './review-records';
import type { ReviewRow } from './review-views';

// docs/product.md#reviews: the one writer of reviews: a verified buyer's review, its edits and deletion, the
// "Helpful" votes, and the owner's moderation (hide, publish, reply), each audited.

/** What the author's name and city read, copied when they write (shown only with their consent). */
async function authorDetails(db: Database, userId: string) {
  const [user] = await db
    .select({ firstName: users.firstName, city: users.city })
    .from(users)
    .where(eq(users.id, userId));
  return { authorFirstName: user?.firstName.trim() ?? '', authorCity: user?.city.trim() ?? '' };
}

const fieldsOf = (body: ReviewBody) => ({
  rating: body.rating,
  title: body.title,
  body: body.text,
  showNameAndCity: body.showNameAndCity,
});

/**
 * A verified buyer's review (docs/product.md#review-eligibility): refused with the reason when they may not write
 * it, 409 when they already did. Published at once or held, as the owner's setting says.
 */
export async function createReview(
  db: Database,
  jobs: Pick<Jobs, 'send'>,
  author: ReviewAuthor,
  body: NewReviewBody,
  settings: ReviewSettings,
): Promise<ReviewRow> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, body.productId));
  if (!product) throw new AppError('not_found', reviewMessages.productNotFound);
  const eligibility = reviewEligibility(await linesOfProduct(db, author, body.productId));
  if (!eligibility.ok) throw new AppError('unprocessable', eligibility.message);
  const [written] = await db
    .insert(reviews)
    .values({
      productId: body.productId,
      userId: author.userId,
      orderId: eligibility.orderId,
      ...fieldsOf(body),
      ...(await authorDetails(db, author.userId)),
      status: settings.autoPublish ? 'published' : 'pending',
    })
    .onConflictDoNothing()
    .returning();
  if (!written) throw new AppError('conflict', reviewMessages.alreadyReviewed);
  await flagLowRating(db, jobs, written);
  return written;
}

/**
 * The author's own review: theirs, and with a review link one of a product of the link's order. Anyone else's,
 * like one that does not exist, is not found.
 */
export async function findOwnReview(db: Database, author: ReviewAuthor, reviewId: string) {
  if (!isUuid(reviewId)) return undefined;
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.userId, author.userId)));
  if (!row || !author.orderId) return row;
  const lines = await linesOfProduct(db, author, row.productId);
  return lines.length > 0 ? row : undefined;
}

async function ownReviewOrThrow(db: Database, author: ReviewAuthor, reviewId: string) {
  const row = await findOwnReview(db, author, reviewId);
  if (!row) throw new AppError('not_found', reviewMessages.notFound);
  return row;
}

/**
 * An edit: a hidden review stays hidden (the owner's reason still holds), the rest is published again at once or
 * held again for the owner to read, as the setting says.
 */
export async function updateReview(
  db: Database,
  jobs: Pick<Jobs, 'send'>,
  author: ReviewAuthor,
  reviewId: string,
  body: ReviewBody,
  settings: ReviewSettings,
): Promise<ReviewRow> {
  const row = await ownReviewOrThrow(db, author, reviewId);
  const status = row.status === 'hidden' ? 'hidden' : settings.autoPublish ? 'published' : 'pending';
  const [updated] = await db
    .update(reviews)
    .set({
      ...fieldsOf(body),
      ...(await authorDetails(db, author.userId)),
      status,
      editedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(reviews.id, row.id))
    .returning();
  if (!updated) throw new AppError('not_found', reviewMessages.notFound);
  await flagLowRating(db, jobs, updated);
  return updated;
}

/** Deletes the author's review with its photos' rows and its votes (their files are never served again). */
export async function deleteReview(db: Database, author: ReviewAuthor, reviewId: string) {
  const row = await ownReviewOrThrow(db, author, reviewId);
  await db.delete(reviews).where(eq(reviews.id, row.id));
  await resolveLowRating(db, row.orderId);
}

/** The author's reviews of products of their lines (of the link's order only, with a link). */
export async function reviewsOfAuthor(db: Database, author: ReviewAuthor) {
  const lines = await boughtLinesOf(db, author);
  const productIds = [...new Set(lines.map((line) => line.productId))];
  if (productIds.length === 0) return { lines, rows: [] as ReviewRow[] };
  const rows = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.userId, author.userId), inArray(reviews.productId, productIds)));
  return { lines, rows };
}

// "Helpful" votes: one per shopper and published review, not on one's own.

async function publishedReviewOrThrow(db: Database, reviewId: string) {
  const [row] = isUuid(reviewId)
    ? await db
        .select()
        .from(reviews)
        .where(and(eq(reviews.id, reviewId), eq(reviews.status, 'published')))
    : [];
  if (!row) throw new AppError('not_found', reviewMessages.notFound);
  return row;
}

/** Votes for the review (a second vote changes nothing); the review's count after it. */
export async function voteHelpful(db: Database, userId: string, reviewId: string) {
  const row = await publishedReviewOrThrow(db, reviewId);
  if (row.userId === userId) throw new AppError('unprocessable', reviewMessages.ownReview);
  return db.transaction(async (tx) => {
    const [added] = await tx
      .insert(reviewVotes)
      .values({ reviewId, userId })
      .onConflictDoNothing()
      .returning();
    const [counted] = await tx
      .update(reviews)
      .set({ helpfulCount: sql`${reviews.helpfulCount} + ${added ? 1 : 0}` })
      .where(eq(reviews.id, reviewId))
      .returning({ helpfulCount: reviews.helpfulCount });
    return counted?.helpfulCount ?? row.helpfulCount;
  });
}

/** Takes the shopper's vote back (none: nothing changes); the review's count after it. */
export async function withdrawHelpful(db: Database, userId: string, reviewId: string) {
  await publishedReviewOrThrow(db, reviewId);
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(reviewVotes)
      .where(and(eq(reviewVotes.reviewId, reviewId), eq(reviewVotes.userId, userId)))
      .returning();
    const [counted] = await tx
      .update(reviews)
      .set({ helpfulCount: sql`${reviews.helpfulCount} - ${removed ? 1 : 0}` })
      .where(eq(reviews.id, reviewId))
      .returning({ helpfulCount: reviews.helpfulCount });
    return counted?.helpfulCount ?? 0;
  });
}

// The owner's moderation: one transaction with the row locked, the audit entry of what changed; the same action
// again records nothing.

type Moderation =
  | { action: 'hide'; reason: string }
  | { action: 'publish' }
  | { action: 'reply'; text: string };

export async function moderateReview(db: Database, reviewId: string, change: Moderation, actor: StaffActor) {
  if (!isUuid(reviewId)) throw new AppError('not_found', reviewMessages.notFound);
  const orderId = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
    if (!row) throw new AppError('not_found', reviewMessages.notFound);
    const current = { status: row.status, hiddenReason: row.hiddenReason, reply: row.reply };
    const next =
      change.action === 'hide'
        ? { status: 'hidden' as const, hiddenReason: change.reason }
        : change.action === 'publish'
          ? { status: 'published' as const, hiddenReason: null }
          : { reply: change.text === '' ? null : change.text };
    const { before, after } = changedValues(current, next);
    if (Object.keys(after).length === 0) return row.orderId;
    await tx
      .update(reviews)
      .set({
        ...next,
        ...(change.action === 'hide' ? { hiddenAt: sql`now()` } : {}),
        ...(change.action === 'publish' ? { hiddenAt: null } : {}),
        ...(change.action === 'reply'
          ? { replyAt: next.reply ? sql`now()` : null, replyStaffId: next.reply ? actor.staffId : null }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(reviews.id, reviewId));
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: `review.${change.action}`,
      entityType: 'review',
      entityId: reviewId,
      before,
      after,
      ipAddress: actor.ipAddress,
    });
    return row.orderId;
  });
  // The owner has seen it: a reply or hiding it settles a low rating's flag (publishing does not).
  if (change.action !== 'publish') await resolveLowRating(db, orderId);
}

// docs/product.md#reviews: a low rating raises "Needs attention" on the review's order so the owner can call;
// it clears when the owner replies to or hides the review, or it stops being a low rating (edited up, deleted).

const lowRatingOpen = (orderId: string) =>
  and(
    eq(orderAttention.orderId, orderId),
    eq(orderAttention.reason, 'low_rating_review'),
    isNull(orderAttention.resolvedAt),
  );

/** Raises or clears the review's flag as its stars now say; raising queues the staff's push. */
export async function flagLowRating(db: Database, jobs: Pick<Jobs, 'send'>, row: ReviewRow | undefined) {
  if (!row) return;
  if (row.rating > LOW_RATING || row.status === 'hidden' || row.reply) {
    await resolveLowRating(db, row.orderId);
    return;
  }
  await db.transaction(async (tx) => {
    const [raised] = await tx
      .insert(orderAttention)
      .values({ orderId: row.orderId, reason: 'low_rating_review', details: { reviewId: row.id } })
      .onConflictDoNothing()
      .returning({ id: orderAttention.id });
    if (raised) await jobs.send(tx, jobQueues.alertAttention, { attentionId: raised.id });
  });
}

export async function resolveLowRating(db: Database, orderId: string) {
  await db.update(orderAttention).set({ resolvedAt: sql`now()` }).where(lowRatingOpen(orderId));
}
