import { eq, sql } from 'drizzle-orm';
import { adminCatalogueMessages, MAX_PRODUCT_IMAGES } from '../../../contracts/admin-catalogue';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';
import { AppError } from '../../errors';
import type { StaffActor } from '../audit/audit-log';
import { recordAudit } from '../audit/audit-log';
import { contentTypeOf, type ProductImageStore, productImageKey } from '../product-images/image-store';
import { renderProductImage } from '../product-images/render-product-image';
import { lockProduct } from './update-product';

const LARGEST_WIDTH = 800;

async function productExists(db: Database, productId: number) {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!row) throw new AppError('not_found', adminCatalogueMessages.productNotFound);
}

/**
 * docs/product.md#console-catalogue: the upload is checked, resized and stored before the product row is
 * locked; the product's `images` keeps the largest size's URL, the storefront's single image URL.
 */
export async function addProductImage(
  db: Database,
  store: ProductImageStore,
  productId: number,
  upload: Buffer,
  actor: StaffActor,
): Promise<void> {
  await productExists(db, productId);
  const rendered = await renderProductImage(upload);
  for (const variant of rendered.variants) {
    const key = productImageKey(productId, rendered.hash, variant.width, variant.format);
    await store.put(key, variant.body, contentTypeOf(variant.format));
  }
  // The 800 px WebP URL stays the stored one; the storefront derives the other files from it
  // (docs/architecture.md#product-images).
  const url = store.publicUrlOf(productImageKey(productId, rendered.hash, LARGEST_WIDTH, 'webp'));
  await db.transaction(async (tx) => {
    const row = await lockProduct(tx, productId);
    if (row.images.includes(url)) return;
    if (row.images.length >= MAX_PRODUCT_IMAGES) {
      throw new AppError('invalid', adminCatalogueMessages.tooManyImages);
    }
    const images = [...row.images, url];
    await tx.update(products).set({ images, updatedAt: sql`now()` }).where(eq(products.id, productId));
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'product.image.add',
      entityType: 'product',
      entityId: String(productId),
      before: { images: row.images },
      after: { images },
      ipAddress: actor.ipAddress,
    });
  });
}
