import { asc, eq } from 'drizzle-orm';
import type { WishlistReply } from '../../../contracts/cart';
import type { Database } from '../../db/client';
import { rewriteUserList } from '../../db/rewrite-user-list';
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

/** docs/product.md#behaviour: the wishlist ignores duplicates; the client's list becomes the wishlist. */
export async function replaceWishlist(
  db: Database,
  userId: string,
  ids: readonly number[],
): Promise<WishlistReply> {
  const unique = [...new Set(ids)];
  await assertProductsExist(db, unique);
  await rewriteUserList(db, userId, {
    table: wishlistItems,
    userColumn: wishlistItems.userId,
    rowKey: wishlistItems.productId,
    keep: unique,
    writeRows: (tx) =>
      tx
        .insert(wishlistItems)
        .values(unique.map((productId) => ({ userId, productId })))
        .onConflictDoNothing(),
  });
  return getWishlist(db, userId);
}
