import type { WishlistReply } from '../../../../contracts/cart';
import { apiClient } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { toItemRef, type WishlistItem, type WishlistItemRef } from '../wishlist-items';

/** docs/product.md#http-api POST /wishlist/update: the list becomes the wishlist; the reply is the wishlist as stored. */
export async function updateWishlist(items: readonly WishlistItemRef[]): Promise<WishlistItem[]> {
  const reply = await apiClient.post<WishlistReply>(apiPaths.wishlistUpdate, {
    wishlist: items.map(toItemRef),
  });
  return reply.wishlist;
}
