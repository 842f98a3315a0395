import { and, eq, sql } from 'drizzle-orm';
import { messages } from '../../../contracts/messages';
import {
  MAX_REVIEW_PHOTOS,
  type ReviewPhoto,
  type ReviewPhotoWidth,
  reviewMessages,
} from '../../../contracts/reviews';
import type { Database } from '../../db/client';
import { reviewPhotos, reviews } from '../../db/schema';
import { isUuid } from '../../db/uuid';
import { AppError } from '../../errors';
import type { PrivateImage, ProductImageStore } from '../product-images/image-store';
import { photoRefusal } from '../product-images/photo-refusal';
import { type ImageInput, renderImage } from '../product-images/render-product-image';
import type { ReviewAuthor } from './review-records';
import { reviewPhotoView } from './review-views';
import { findOwnReview } from './review-writer';

// docs/architecture.md#review-photos: a review's photos are rendered as return photos are (bounded decode inside
// the upload budget, EXIF dropped, WebP only at the two widths the pages draw), stored private under the review's
// folder, and read through the routes that check the review is published (or the reader is its author or staff).

export const reviewPhotoKey = (reviewId: string, hash: string, width: ReviewPhotoWidth) =>
  `reviews/${reviewId}/${hash}-${width}.webp`;

/**
 * Whether the author's review takes another photo: theirs, and fewer than MAX_REVIEW_PHOTOS. Cheap: the upload
 * route asks before it reads the bytes, and the photo is counted again when it is stored.
 */
export async function checkReviewTakesPhoto(db: Database, author: ReviewAuthor, reviewId: string) {
  const row = await findOwnReview(db, author, reviewId);
  if (!row) throw new AppError('not_found', reviewMessages.notFound);
  if (row.photoCount >= MAX_REVIEW_PHOTOS) throw new AppError('unprocessable', reviewMessages.tooManyPhotos);
  return row;
}

/** Stores a photo of the author's review; the review's count is taken by one conditional update. */
export async function addReviewPhoto(
  db: Database,
  store: ProductImageStore,
  author: ReviewAuthor,
  reviewId: string,
  upload: ImageInput,
): Promise<ReviewPhoto> {
  await checkReviewTakesPhoto(db, author, reviewId);
  const rendered = await renderImage(upload, ['webp']).catch((error: unknown) => {
    throw photoRefusal(error, {
      tooManyPixels: reviewMessages.photoTooManyPixels,
      tooSlow: reviewMessages.photoTooSlow,
      notAnImage: reviewMessages.photoNotAnImage,
    });
  });
  for (const variant of rendered.variants) {
    await store.put(
      reviewPhotoKey(reviewId, rendered.hash, variant.width),
      variant.body,
      'image/webp',
      'private',
    );
  }
  const photo = await db.transaction(async (tx) => {
    const [counted] = await tx
      .update(reviews)
      .set({ photoCount: sql`${reviews.photoCount} + 1`, updatedAt: sql`now()` })
      .where(and(eq(reviews.id, reviewId), sql`${reviews.photoCount} < ${MAX_REVIEW_PHOTOS}`))
      .returning({ id: reviews.id });
    if (!counted) throw new AppError('unprocessable', reviewMessages.tooManyPhotos);
    const [row] = await tx.insert(reviewPhotos).values({ reviewId, imageHash: rendered.hash }).returning();
    return row;
  });
  if (!photo) throw new Error('the photo row was not written');
  return reviewPhotoView(photo, 'shop');
}

/** Removes a photo from the author's review. */
export async function removeReviewPhoto(
  db: Database,
  author: ReviewAuthor,
  reviewId: string,
  photoId: string,
) {
  const review = await findOwnReview(db, author, reviewId);
  if (!review || !isUuid(photoId)) throw new AppError('not_found', reviewMessages.photoNotFound);
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(reviewPhotos)
      .where(and(eq(reviewPhotos.id, photoId), eq(reviewPhotos.reviewId, review.id)))
      .returning();
    if (!removed) throw new AppError('not_found', reviewMessages.photoNotFound);
    await tx
      .update(reviews)
      .set({ photoCount: sql`${reviews.photoCount} - 1`, updatedAt: sql`now()` })
      .where(eq(reviews.id, review.id));
  });
}

/**
 * One of a review photo's files: a published review's for anyone; a held or hidden one's only for staff or its
 * author (`userId`). Anything else is undefined, answered 404 like a photo that does not exist.
 */
export async function readReviewPhoto(
  db: Database,
  store: ProductImageStore,
  photoId: string,
  width: ReviewPhotoWidth,
  reader: { staff: true } | { staff: false; userId: string | null },
): Promise<PrivateImage | undefined> {
  if (!isUuid(photoId)) return undefined;
  const [row] = await db
    .select({ photo: reviewPhotos, status: reviews.status, userId: reviews.userId })
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .where(eq(reviewPhotos.id, photoId));
  if (!row) return undefined;
  if (!reader.staff && row.status !== 'published' && row.userId !== reader.userId) return undefined;
  return store.readPrivate(reviewPhotoKey(row.photo.reviewId, row.photo.imageHash, width));
}
