// The cart's limits and messages without zod: the shop's pages import them without loading the
// schemas (docs/operations.md#performance-budget); contracts/cart.ts re-exports them.

export const MAX_QUANTITY_PER_LINE = 10;
export const MAX_CART_LINES = 50;
export const MAX_WISHLIST_ITEMS = 100;
export const sizes = ['S', 'M', 'L'] as const;
export const DEFAULT_SIZE = 'M';

export const cartMessages = {
  quantityRange: `Quantity must be a whole number from 1 to ${MAX_QUANTITY_PER_LINE}.`,
  tooManyOfOne: `You can buy at most ${MAX_QUANTITY_PER_LINE} of each item.`,
  tooManyLines: `A cart can hold at most ${MAX_CART_LINES} lines.`,
  tooManyWishlistItems: `A wishlist can hold at most ${MAX_WISHLIST_ITEMS} items.`,
  unknownProduct: (id: number) => `Product ${id} is not in our catalogue.`,
  // docs/product.md#stock: a line that can no longer be had stays in the cart, marked, until removed.
  outOfStock: 'Out of stock',
  noLongerAvailable: 'No longer available',
  removeUnavailable: 'Please remove the items that are no longer available to check out.',
} as const;
