// TanStack Query keys of the wishlist: one cache entry per signed-in shopper.

export const wishlistKeys = ['wishlist'] as const;
export const wishlistUpdateKey = [...wishlistKeys, 'update'] as const;

export function wishlistQueryKey(userId: string) {
  return [...wishlistKeys, 'of', userId] as const;
}
