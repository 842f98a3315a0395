import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WishlistReply } from '../../../../contracts/cart';
import { apiClient } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { getSessionUser } from '../../../lib/session';
import { writeLocalWishlist } from '../local-wishlist';
import { toItemRefs, type WishlistItem } from '../wishlist-items';
import { wishlistQueryKey, wishlistUpdateKey } from '../wishlist-keys';

/** spec §7 POST /wishlist/update: the list becomes the wishlist; the reply is the wishlist as stored. */
export async function updateWishlist(items: readonly { id: number }[]): Promise<WishlistItem[]> {
  const reply = await apiClient.post<WishlistReply>(apiPaths.wishlistUpdate, { wishlist: toItemRefs(items) });
  return reply.wishlist;
}

export interface WishlistSave {
  userId: string;
  /** The wishlist as changed on screen, to save. */
  items: WishlistItem[];
  /** The wishlist before the change, to go back to if the server refuses it. */
  previous: WishlistItem[];
}

/**
 * Saves a wishlist already changed on screen. Saves run one at a time in the order the changes were made,
 * each sending the whole list; only the last one's outcome is shown, as earlier replies are out of date.
 */
export function useUpdateWishlist(onRefused: (error: Error) => void) {
  const queryClient = useQueryClient();
  const isLastSave = () => queryClient.isMutating({ mutationKey: wishlistUpdateKey }) === 1;
  const stillSignedIn = (userId: string) => getSessionUser()?._id === userId;

  return useMutation({
    mutationKey: wishlistUpdateKey,
    scope: { id: wishlistUpdateKey.join(':') },
    mutationFn: ({ items }: WishlistSave) => updateWishlist(items),
    onSuccess: (saved, { userId }) => {
      if (!isLastSave() || !stillSignedIn(userId)) return;
      queryClient.setQueryData(wishlistQueryKey(userId), saved);
      writeLocalWishlist(userId, saved, false);
    },
    onError: (error, { userId, previous }) => {
      if (!stillSignedIn(userId)) return;
      onRefused(error);
      if (!isLastSave()) return;
      queryClient.setQueryData(wishlistQueryKey(userId), previous);
      writeLocalWishlist(userId, previous, false);
      // The undone change may have followed others that failed too: read what the server really holds.
      void queryClient.invalidateQueries({ queryKey: wishlistQueryKey(userId) });
    },
  });
}
