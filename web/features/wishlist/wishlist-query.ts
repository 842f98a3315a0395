import { queryOptions } from '@tanstack/react-query';
import { getWishlist } from './api/get-wishlist';
import { updateWishlist } from './api/update-wishlist';
import { readLocalWishlist, writeLocalWishlist } from './local-wishlist';
import type { WishlistItem } from './wishlist-items';
import { wishlistQueryKey } from './wishlist-keys';

/**
 * spec §4 on sign-in: changes made here and not yet saved win, and are saved now; otherwise the server's
 * list is the wishlist. An unmodified copy is only what the server last confirmed, so the server's list
 * replaces it even when empty.
 */
async function loadWishlist(userId: string, signal: AbortSignal): Promise<WishlistItem[]> {
  const local = readLocalWishlist(userId);
  const items = local?.modified ? await updateWishlist(local.items) : await getWishlist(signal);
  writeLocalWishlist(userId, items, false);
  return items;
}

export function wishlistQueryOptions(userId: string) {
  return queryOptions({
    queryKey: wishlistQueryKey(userId),
    queryFn: ({ signal }) => loadWishlist(userId, signal),
  });
}
