import { createSavedList } from '../../lib/saved-list/saved-list';
import { storageKeys } from '../../lib/storage';
import { getWishlist } from './api/get-wishlist';
import { updateWishlist } from './api/update-wishlist';
import { isItemRef, toItemRef, type WishlistItem, type WishlistItemRef } from './wishlist-items';

/** The signed-in shopper's wishlist: product ids kept here and on the server, the products from the server. */
export const wishlistList = createSavedList<WishlistItem, WishlistItemRef>({
  name: 'wishlist',
  storage: { key: storageKeys.wishlist, field: 'items' },
  toRef: toItemRef,
  isRef: isItemRef,
  fetchList: getWishlist,
  saveList: updateWishlist,
  refusal: (error) => `Could not update your wishlist: ${error.message}`,
});
