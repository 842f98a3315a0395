import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { WishlistReply } from '../../../contracts/cart';
import type { Database } from '../../db/client';
import { lockUser } from '../../db/lock-user';
import { products, wishlistItems } from '../../db/schema';
import { assertProductsExist } from '../catalogue/known-products';
import { toProduct } from '../catalogue/service';

export async function getWishlist(db: Database, userId: string): Promise<WishlistReply> {
  const rows = await db
    .select({ product: products })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.productId));
  return { wishlist: rows.map((row) => toProduct(row.product)) };
}

/** spec §4: the wishlist ignores duplicates; the client's list becomes the wishlist. */
export async function replaceWishlist(
  db: Database,
  userId: string,
  ids: readonly number[],
): Promise<WishlistReply> {
  const unique = [...new Set(ids)];
  await assertProductsExist(db, unique);
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await tx
      .delete(wishlistItems)
      .where(
        and(
          eq(wishlistItems.userId, userId),
          unique.length > 0 ? notInArray(wishlistItems.productId, unique) : undefined,
        ),
      );
    if (unique.length === 0) return;
    await tx
      .insert(wishlistItems)
      .values(unique.map((productId) => ({ userId, productId })))
      .onConflictDoNothing();
  });
  return getWishlist(db, userId);
}
