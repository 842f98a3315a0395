import { queryOptions } from '@tanstack/react-query';
import type { CartLine } from '../../../contracts/cart';
import { getCart } from './api/get-cart';
import { updateCart } from './api/update-cart';
import { cartQueryKey } from './cart-keys';
import { readLocalCart, writeLocalCart } from './local-cart';

/**
 * spec §4 on sign-in: changes made here and not yet saved (the tab closed during a save) win, and are saved
 * now; otherwise the server's list is the cart. An unmodified copy is only what the server last confirmed,
 * so the server's list replaces it even when empty: the cart may have been ordered or emptied elsewhere.
 */
async function loadCart(userId: string, signal: AbortSignal): Promise<CartLine[]> {
  const local = readLocalCart(userId);
  const lines = local?.modified ? await updateCart(local.lines) : await getCart(signal);
  writeLocalCart(userId, lines, false);
  return lines;
}

export function cartQueryOptions(userId: string) {
  return queryOptions({
    queryKey: cartQueryKey(userId),
    queryFn: ({ signal }) => loadCart(userId, signal),
  });
}
