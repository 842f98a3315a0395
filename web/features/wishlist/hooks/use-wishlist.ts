import { useMemo } from 'react';
import { useSavedList } from '../../../lib/saved-list/use-saved-list';
import { addToWishlist, isInWishlist, removeFromWishlist, type WishlistItem } from '../wishlist-items';
import { wishlistList } from '../wishlist-list';

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
  /** docs/product.md#behaviour Wishlist toggle: adds, or removes what is already there. */
  toggle: (product: WishlistItem) => void;
  /** A visitor's heart: kept in this browser and merged into the shopper's wishlist at sign-in. */
  keepForVisitor: (product: WishlistItem) => void;
}

/** The signed-in shopper's wishlist (docs/product.md#behaviour), saved as it changes; a visitor's changes do nothing. */
export function useWishlist(): WishlistState {
  const { items, isLoading, saveError, dismissSaveError, change } = useSavedList(wishlistList);

  return useMemo<WishlistState>(
    () => ({
      items,
      isLoading,
      saveError,
      dismissSaveError,
      isInWishlist: (productId) => isInWishlist(items, productId),
      add: (product) => change((current) => addToWishlist(current, product)),
      remove: (productId) => change((current) => removeFromWishlist(current, productId)),
      toggle: (product) =>
        change((current) =>
          isInWishlist(current, product.id)
            ? removeFromWishlist(current, product.id)
            : addToWishlist(current, product),
        ),
      keepForVisitor: (product) => wishlistList.keepForVisitor(product),
    }),
    [items, isLoading, saveError, dismissSaveError, change],
  );
}
