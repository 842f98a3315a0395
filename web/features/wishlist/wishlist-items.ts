import type { Product } from '../../../contracts/catalogue';

// docs/product.md#behaviour Cart and wishlist rules for the wishlist, as pure functions of the list.

/** docs/product.md#entities Wishlist item: what the wishlist shows of a product, and what the cart needs to take it in. */
export type WishlistItem = Pick<
  Product,
  | 'id'
  | 'title'
  | 'description'
  | 'price'
  | 'discount'
  | 'discountedPrice'
  | 'images'
  | 'img'
  | 'sku'
  | 'category'
  | 'brand'
  | 'weight'
>;

export function isInWishlist(items: readonly WishlistItem[], productId: number): boolean {
  return items.some((item) => item.id === productId);
}

/** docs/product.md#behaviour: the wishlist ignores duplicates. */
export function addToWishlist(items: readonly WishlistItem[], product: WishlistItem): WishlistItem[] {
  return isInWishlist(items, product.id) ? [...items] : [...items, product];
}

export function removeFromWishlist(items: readonly WishlistItem[], productId: number): WishlistItem[] {
  return items.filter((item) => item.id !== productId);
}

/** What is stored and sent for an item: the product's id. */
export type WishlistItemRef = Pick<WishlistItem, 'id'>;

export function toItemRef({ id }: WishlistItemRef): WishlistItemRef {
  return { id };
}

export function isItemRef(value: unknown): value is WishlistItemRef {
  return typeof value === 'object' && value !== null && Number.isInteger((value as { id?: unknown }).id);
}
