import { and, count, eq, isNull } from 'drizzle-orm';
import {
  MAX_RETURN_PHOTOS,
  type ReturnPhoto,
  returnMessages,
  returnReplies,
} from '../../../contracts/returns';
import type { Database } from '../../db/client';
import { orders, returnPhotos } from '../../db/schema';
import { AppError } from '../../errors';
import type { ProductImageStore } from '../product-images/image-store';
import { renderProductImage } from '../product-images/render-product-image';

// docs/product.md#returns: a return's photos are resized on the server as product images are (EXIF dropped,
// at most 800 px wide, WebP) and kept under the order's folder; a request names them by id.

const FULL_WIDTH = 800;
const THUMBNAIL_WIDTH = 400;

export const returnPhotoKey = (orderId: string, hash: string, width: number) =>
  `returns/${orderId}/${hash}-${width}.webp`;

/** Stores a shopper's photo for a return of their order; more than a request may carry are refused. */
export async function addReturnPhoto(
  db: Database,
  store: ProductImageStore,
  userId: string,
  orderId: string,
  upload: Buffer,
): Promise<ReturnPhoto> {
  const [order] = /^[0-9a-f-]{36}$/i.test(orderId)
    ? await db.select({ id: orders.id, userId: orders.userId }).from(orders).where(eq(orders.id, orderId))
    : [];
  if (!order || order.userId !== userId) throw new AppError('not_found', returnReplies.orderNotFound);
  const [{ waiting } = { waiting: 0 }] = await db
    .select({ waiting: count() })
    .from(returnPhotos)
    .where(and(eq(returnPhotos.orderId, orderId), isNull(returnPhotos.returnId)));
  // Room for a dialog's three and a few taken again; beyond that it is not a return being asked for.
  if (Number(waiting) >= MAX_RETURN_PHOTOS * 4) throw new AppError('invalid', returnMessages.tooManyPhotos);
  let rendered: Awaited<ReturnType<typeof renderProductImage>>;
  try {
    rendered = await renderProductImage(upload);
  } catch {
    throw new AppError('invalid', returnReplies.photoNotAnImage);
  }
  const urls: Record<number, string> = {};
  for (const variant of rendered.variants) {
    if (variant.format !== 'webp') continue;
    const key = returnPhotoKey(orderId, rendered.hash, variant.width);
    await store.put(key, variant.body, 'image/webp');
    urls[variant.width] = store.publicUrlOf(key);
  }
  const [photo] = await db
    .insert(returnPhotos)
    .values({
      orderId,
      url: urls[FULL_WIDTH] ?? '',
      thumbnailUrl: urls[THUMBNAIL_WIDTH] ?? urls[FULL_WIDTH] ?? '',
    })
    .returning();
  if (!photo) throw new Error('the photo row was not written');
  return { photoId: photo.id, url: photo.url, thumbnailUrl: photo.thumbnailUrl };
}
