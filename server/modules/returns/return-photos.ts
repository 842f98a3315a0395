import { and, count, eq, isNull } from 'drizzle-orm';
import { messages } from '../../../contracts/messages';
import {
  MAX_RETURN_PHOTOS,
  type ReturnPhoto,
  type ReturnPhotoWidth,
  returnMessages,
  returnPhotoPaths,
  returnReplies,
} from '../../../contracts/returns';
import type { Database } from '../../db/client';
import { orders, returnPhotos } from '../../db/schema';
import { isUuid } from '../../db/uuid';
import { AppError } from '../../errors';
import type { PrivateImage, ProductImageStore } from '../product-images/image-store';
import { photoRefusal } from '../product-images/photo-refusal';
import { type ImageInput, renderImage } from '../product-images/render-product-image';
import { returnOffer } from './return-eligibility';
import { earlierReturnsOf, readReturnSettings, returnableOrderOf } from './return-records';

// docs/architecture.md#return-photos: a return's photos are resized on the server (EXIF dropped, WebP at the
// two widths the pages draw), kept private under the order's folder, and read only through the routes that
// check who asks; a request names them by id.

type PhotoRow = typeof returnPhotos.$inferSelect;

export const returnPhotoKey = (orderId: string, hash: string, width: ReturnPhotoWidth) =>
  `returns/${orderId}/${hash}-${width}.webp`;

/** Who a photo's URLs are for: the shopper's own routes, or the console's. */
export type PhotoReader = 'shopper' | 'staff';

export function returnPhotoView(photo: PhotoRow, reader: PhotoReader): ReturnPhoto {
  const path = (width: ReturnPhotoWidth) =>
    reader === 'shopper'
      ? returnPhotoPaths.shopper(photo.orderId, photo.id, width)
      : returnPhotoPaths.staff(photo.id, width);
  return { photoId: photo.id, url: path(800), thumbnailUrl: path(400) };
}

/**
 * Whether the shopper's order takes a return photo now: theirs, returnable now (the offer's rules: delivered,
 * inside the window, something left to return), and no more than a few requests' worth waiting unattached.
 * Cheap: the upload route asks before it reads the photo's bytes, and again before it decodes them.
 */
export async function checkOrderTakesPhotos(db: Database, userId: string, orderId: string, now = new Date()) {
  const [order] = isUuid(orderId) ? await db.select().from(orders).where(eq(orders.id, orderId)) : [];
  if (!order || order.userId !== userId) throw new AppError('not_found', returnReplies.orderNotFound);
  const offer = returnOffer(
    await returnableOrderOf(db, order),
    await earlierReturnsOf(db, orderId),
    await readReturnSettings(db),
    now,
  );
  if (!offer.offered) throw new AppError('unprocessable', offer.message);
  const [{ waiting } = { waiting: 0 }] = await db
    .select({ waiting: count() })
    .from(returnPhotos)
    .where(and(eq(returnPhotos.orderId, orderId), isNull(returnPhotos.returnId)));
  // Room for a dialog's three and a few taken again; beyond that it is not a return being asked for.
  if (Number(waiting) >= MAX_RETURN_PHOTOS * 4) throw new AppError('invalid', returnMessages.tooManyPhotos);
}

/** Stores a shopper's photo for a return of their order (checkOrderTakesPhotos first, then the budget). */
export async function addReturnPhoto(
  db: Database,
  store: ProductImageStore,
  userId: string,
  orderId: string,
  upload: ImageInput,
  now = new Date(),
): Promise<ReturnPhoto> {
  await checkOrderTakesPhotos(db, userId, orderId, now);
  const rendered = await renderImage(upload, ['webp']).catch((error: unknown) => {
    throw photoRefusal(error, {
      tooManyPixels: returnReplies.photoTooManyPixels,
      tooSlow: returnReplies.photoTooSlow,
      notAnImage: returnReplies.photoNotAnImage,
    });
  });
  for (const variant of rendered.variants) {
    const key = returnPhotoKey(orderId, rendered.hash, variant.width);
    await store.put(key, variant.body, 'image/webp', 'private');
  }
  const [photo] = await db.insert(returnPhotos).values({ orderId, imageHash: rendered.hash }).returning();
  if (!photo) throw new Error('the photo row was not written');
  return returnPhotoView(photo, 'shopper');
}

/** The photos of a return, oldest first, as `reader` loads them. */
export async function photosOfReturn(db: Database, returnId: string, reader: PhotoReader) {
  const rows = await db
    .select()
    .from(returnPhotos)
    .where(eq(returnPhotos.returnId, returnId))
    .orderBy(returnPhotos.createdAt);
  return rows.map((row) => returnPhotoView(row, reader));
}

/**
 * One of a return photo's files for a reader the route has identified: the shopper who owns its order
 * (`userId`), or a member of staff (`userId` undefined). Another shopper's photo, like one that does not
 * exist, is undefined: the route answers 404 for both.
 */
export async function readReturnPhoto(
  db: Database,
  store: ProductImageStore,
  photoId: string,
  width: ReturnPhotoWidth,
  reader: { staff: true } | { staff: false; userId: string; orderId: string },
): Promise<PrivateImage | undefined> {
  if (!isUuid(photoId)) return undefined;
  const [row] = await db
    .select({ photo: returnPhotos, userId: orders.userId })
    .from(returnPhotos)
    .innerJoin(orders, eq(orders.id, returnPhotos.orderId))
    .where(eq(returnPhotos.id, photoId));
  if (!row) return undefined;
  if (!reader.staff && (row.userId !== reader.userId || row.photo.orderId !== reader.orderId))
    return undefined;
  return store.readPrivate(returnPhotoKey(row.photo.orderId, row.photo.imageHash, width));
}
