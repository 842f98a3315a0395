import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSessionUser } from '../../../lib/session';
import { useUpdateWishlist } from '../api/update-wishlist';
import { clearLocalWishlist, writeLocalWishlist } from '../local-wishlist';
import { addToWishlist, isInWishlist, removeFromWishlist, type WishlistItem } from '../wishlist-items';
import { wishlistKeys } from '../wishlist-keys';
import { wishlistQueryOptions } from '../wishlist-query';

const NO_ITEMS: WishlistItem[] = [];

const refusal = (error: Error) => `Could not update your wishlist: ${error.message}`;

export interface WishlistState {
  /** The wishlist as shown: saved, or changed and being saved. Empty for a visitor. */
  items: WishlistItem[];
  /** A signed-in shopper's wishlist has not arrived yet. */
  isLoading: boolean;
  /** Why the last change was undone, for the shopper to read; null when nothing went wrong. */
  saveError: string | null;
  dismissSaveError: () => void;
  isInWishlist: (productId: number) => boolean;
  add: (product: WishlistItem) => void;
  remove: (productId: number) => void;
  /** spec §4 Wishlist toggle: adds, or removes what is already there. */
  toggle: (product: WishlistItem) => void;
}

/**
 * The signed-in shopper's wishlist (spec §4): changes show at once, are kept in this browser and saved to
 * the server; a refused save is undone and says why. Signing out forgets it. A visitor's changes do nothing.
 */
export function useWishlist(): WishlistState {
  const userId = useSessionUser()?._id ?? null;
  const queryClient = useQueryClient();
  const [saveError, setSaveError] = useState<string | null>(null);
  const wishlist = useQuery({ ...wishlistQueryOptions(userId ?? ''), enabled: userId !== null });
  const { mutate } = useUpdateWishlist((error) => setSaveError(refusal(error)));

  // spec §4 Logout: the local copy goes with the session.
  useEffect(() => {
    if (userId !== null) return;
    clearLocalWishlist();
    queryClient.removeQueries({ queryKey: wishlistKeys });
    setSaveError(null);
  }, [userId, queryClient]);

  const change = useCallback(
    (update: (items: readonly WishlistItem[]) => WishlistItem[]) => {
      if (userId === null) return;
      const key = wishlistQueryOptions(userId).queryKey;
      const apply = () => {
        // A read still on its way holds the wishlist from before this change.
        void queryClient.cancelQueries({ queryKey: key });
        const previous = queryClient.getQueryData(key) ?? NO_ITEMS;
        const items = update(previous);
        setSaveError(null);
        queryClient.setQueryData(key, items);
        writeLocalWishlist(userId, items, true);
        mutate({ userId, items, previous });
      };
      if (queryClient.getQueryData(key)) {
        apply();
        return;
      }
      // Pressed before the wishlist arrived: change the server's list, not an empty one.
      queryClient
        .fetchQuery(wishlistQueryOptions(userId))
        .then(apply, (error: Error) => setSaveError(refusal(error)));
    },
    [userId, queryClient, mutate],
  );

  const items = userId === null ? NO_ITEMS : (wishlist.data ?? NO_ITEMS);

  return useMemo<WishlistState>(
    () => ({
      items,
      isLoading: userId !== null && wishlist.isPending,
      saveError,
      dismissSaveError: () => setSaveError(null),
      isInWishlist: (productId) => isInWishlist(items, productId),
      add: (product) => change((current) => addToWishlist(current, product)),
      remove: (productId) => change((current) => removeFromWishlist(current, productId)),
      toggle: (product) =>
        change((current) =>
          isInWishlist(current, product.id)
            ? removeFromWishlist(current, product.id)
            : addToWishlist(current, product),
        ),
    }),
    [items, userId, wishlist.isPending, saveError, change],
  );
}
