// TanStack Query keys of the cart: one cache entry per signed-in shopper.

export const cartKeys = ['cart'] as const;
export const cartUpdateKey = [...cartKeys, 'update'] as const;

export function cartQueryKey(userId: string) {
  return [...cartKeys, 'of', userId] as const;
}
