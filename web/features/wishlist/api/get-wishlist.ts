import type { WishlistReply } from '../../../../contracts/cart';
import { apiClient } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { WishlistItem } from '../wishlist-items';

/** docs/product.md#http-api GET /wishlist: the signed-in shopper's products, from the catalogue. */
export async function getWishlist(signal?: AbortSignal): Promise<WishlistItem[]> {
  const reply = await apiClient.get<WishlistReply>(apiPaths.wishlist, { signal });
  return reply.wishlist;
}
