import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { earnedRating, roundedAverage } from '../../../contracts/review-rules';
import {
  type AdminReview,
  type OwnReview,
  type PublicReview,
  type RatingSummary,
  REVIEW_PHOTO_WIDTHS,
  REVIEWS_PAGE_SIZE,
  type ReviewPhoto,
  type ReviewSort,
  type ReviewStatus,
  reviewPhotoPaths,
} from '../../../contracts/reviews';
import type { Database } from '../../db/client';
import { products, reviewPhotos, reviews, reviewVotes, users } from '../../db/schema';
import { orderNumberOf } from '../orders/order-view';

// docs/product.md#reviews: reviews as the product page, their author and the console see them, and each product's
// rating: the published reviews' count, average and distribution, and the earned rating that sorts.

export type ReviewRow = typeof reviews.$inferSelect;
type PhotoRow = typeof reviewPhotos.$inferSelect;

/** Who reads a photo's URLs: the shop's route, or the console's. */
export type PhotoReader = 'shop' | 'staff';

/** Without the shopper's consent a review is signed as this. */
export const ANONYMOUS_AUTHOR = 'A verified buyer';

export function reviewPhotoView(photo: Pick<PhotoRow, 'id'>, reader: PhotoReader): ReviewPhoto {
  const [small, large] = REVIEW_PHOTO_WIDTHS;
  const path = reviewPhotoPaths[reader];
  return { photoId: photo.id, url: path(photo.id, large), thumbnailUrl: path(photo.id, small) };
}

/** Each review's photos, oldest first. */
export async function photosOfReviews(db: Database, reviewIds: readonly string[], reader: PhotoReader) {
  const byReview = new Map<string, ReviewPhoto[]>();
  if (reviewIds.length === 0) return byReview;
  const rows = await db
    .select()
    .from(reviewPhotos)
    .where(inArray(reviewPhotos.reviewId, [...reviewIds]))
    .orderBy(asc(reviewPhotos.createdAt), asc(reviewPhotos.id));
  for (const row of rows) {
    const list = byReview.get(row.reviewId) ?? [];
    list.push(reviewPhotoView(row, reader));
    byReview.set(row.reviewId, list);
  }
  return byReview;
}

function publicView(row: ReviewRow, photos: ReviewPhoto[], votedHelpful: boolean): PublicReview {
  const named = row.showNameAndCity;
  return {
    reviewId: row.id,
    productId: row.productId,
    rating: row.rating,
    title: row.title,
    text: row.body,
    author: named && row.authorFirstName ? row.authorFirstName : ANONYMOUS_AUTHOR,
    city: named && row.authorCity ? row.authorCity : null,
    verifiedBuyer: true,
    photos,
    helpfulCount: row.helpfulCount,
    votedHelpful,
    reply: row.reply && row.replyAt ? { text: row.reply, at: row.replyAt.toISOString() } : null,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
  };
}

export function ownReviewView(row: ReviewRow, photos: ReviewPhoto[]): OwnReview {
  const { votedHelpful: _voted, ...shown } = publicView(row, photos, false);
  return {
    ...shown,
    status: row.status,
    hiddenReason: row.hiddenReason,
    showNameAndCity: row.showNameAndCity,
    orderId: row.orderId,
  };
}

export async function ownReviewsOf(db: Database, rows: ReviewRow[]): Promise<OwnReview[]> {
  const photos = await photosOfReviews(
    db,
    rows.map((row) => row.id),
    'shop',
  );
  return rows.map((row) => ownReviewView(row, photos.get(row.id) ?? []));
}

export async function ownReviewOf(db: Database, row: ReviewRow): Promise<OwnReview> {
  const photos = await photosOfReviews(db, [row.id], 'shop');
  return ownReviewView(row, photos.get(row.id) ?? []);
}

const orderOf: Record<ReviewSort, ReturnType<typeof desc>[]> = {
  photos: [desc(sql`${reviews.photoCount} > 0`), desc(reviews.createdAt)],
  newest: [desc(reviews.createdAt)],
  helpful: [desc(reviews.helpfulCount), desc(reviews.createdAt)],
};

/** A page of the product's published reviews in the chosen order, with the reader's votes. */
export async function listProductReviews(
  db: Database,
  options: { productId: number; sort: ReviewSort; page: number; readerUserId: string | null },
) {
  const published = and(eq(reviews.productId, options.productId), eq(reviews.status, 'published'));
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(published)
      .orderBy(...orderOf[options.sort], asc(reviews.id))
      .limit(REVIEWS_PAGE_SIZE)
      .offset((options.page - 1) * REVIEWS_PAGE_SIZE),
    db.select({ total: count() }).from(reviews).where(published),
  ]);
  const ids = rows.map((row) => row.id);
  const photos = await photosOfReviews(db, ids, 'shop');
  const voted = new Set<string>();
  if (options.readerUserId && ids.length > 0) {
    const votes = await db
      .select({ reviewId: reviewVotes.reviewId })
      .from(reviewVotes)
      .where(and(eq(reviewVotes.userId, options.readerUserId), inArray(reviewVotes.reviewId, ids)));
    for (const vote of votes) voted.add(vote.reviewId);
  }
  return {
    reviews: rows.map((row) => publicView(row, photos.get(row.id) ?? [], voted.has(row.id))),
    total: Number(total),
    pageSize: REVIEWS_PAGE_SIZE,
  };
}

/** Published stars by product: how many reviews and their sum. */
export interface PublishedStars {
  count: number;
  sum: number;
}

/** Every product's published stars (products without reviews are absent), for the catalogue's replies. */
export async function publishedStarsByProduct(db: Database): Promise<Map<number, PublishedStars>> {
  const rows = await db
    .select({
      productId: reviews.productId,
      count: sql<number>`count(*)`.mapWith(Number),
      sum: sql<number>`sum(${reviews.rating})`.mapWith(Number),
    })
    .from(reviews)
    .where(eq(reviews.status, 'published'))
    .groupBy(reviews.productId);
  return new Map(rows.map((row) => [row.productId, { count: row.count, sum: row.sum }]));
}

export async function publishedStarsOf(db: Database, productId: number): Promise<PublishedStars> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      sum: sql<number>`coalesce(sum(${reviews.rating}), 0)`.mapWith(Number),
    })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, 'published')));
  return row ?? { count: 0, sum: 0 };
}

/** The product's rating: published reviews only (a hidden or held one counts nowhere). */
export async function ratingSummaryOf(
  db: Database,
  productId: number,
  specRating: number,
): Promise<RatingSummary> {
  const rows = await db
    .select({ rating: reviews.rating, count: sql<number>`count(*)`.mapWith(Number) })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, 'published')))
    .groupBy(reviews.rating);
  const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const row of rows) distribution[row.rating as 1 | 2 | 3 | 4 | 5] = row.count;
  const stars = rows.reduce(
    (total, row) => ({ count: total.count + row.count, sum: total.sum + row.rating * row.count }),
    {
      count: 0,
      sum: 0,
    },
  );
  return {
    productId,
    count: stars.count,
    average: roundedAverage(stars.sum, stars.count),
    distribution,
    earnedRating: earnedRating(specRating, stars),
  };
}

// The console.

type AdminRow = { review: ReviewRow; productTitle: string; userName: string; email: string | null };

export async function adminReviewViews(db: Database, rows: AdminRow[]): Promise<AdminReview[]> {
  const photos = await photosOfReviews(
    db,
    rows.map((row) => row.review.id),
    'staff',
  );
  return rows.map(({ review, productTitle, userName, email }) => ({
    ...ownReviewView(review, photos.get(review.id) ?? []),
    productTitle,
    orderNumber: orderNumberOf(review.orderId),
    customer: { userId: review.userId, name: userName, email },
    hiddenAt: review.hiddenAt?.toISOString() ?? null,
  }));
}

function adminSelect(db: Database) {
  return db
    .select({
      review: reviews,
      productTitle: products.title,
      userName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      email: users.email,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(users, eq(users.id, reviews.userId));
}

/** The console's list: newest first, by status and product, with how many there are of each status. */
export async function listAdminReviews(
  db: Database,
  options: { status?: ReviewStatus | undefined; productId?: number | undefined; page: number },
) {
  const where = and(
    options.status ? eq(reviews.status, options.status) : undefined,
    options.productId ? eq(reviews.productId, options.productId) : undefined,
  );
  const pageSize = 25;
  const [rows, [{ total } = { total: 0 }], statusCounts] = await Promise.all([
    adminSelect(db)
      .where(where)
      .orderBy(desc(reviews.createdAt), asc(reviews.id))
      .limit(pageSize)
      .offset((options.page - 1) * pageSize),
    db.select({ total: count() }).from(reviews).where(where),
    db
      .select({ status: reviews.status, count: sql<number>`count(*)`.mapWith(Number) })
      .from(reviews)
      .groupBy(reviews.status),
  ]);
  const counts = { published: 0, pending: 0, hidden: 0 };
  for (const row of statusCounts) counts[row.status] = row.count;
  return {
    reviews: await adminReviewViews(db, rows),
    page: options.page,
    pageSize,
    total: Number(total),
    counts,
  };
}

/** docs/product.md#reviews-console: the dashboard's count of new reviews, held for the owner. */
export async function countPendingReviews(db: Database): Promise<number> {
  const [row] = await db.select({ pending: count() }).from(reviews).where(eq(reviews.status, 'pending'));
  return Number(row?.pending ?? 0);
}

export async function adminReviewView(db: Database, reviewId: string): Promise<AdminReview | undefined> {
  const rows = await adminSelect(db).where(eq(reviews.id, reviewId));
  const [view] = await adminReviewViews(db, rows);
  return view;
}
