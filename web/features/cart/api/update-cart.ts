import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartLine, CartReply } from '../../../../contracts/cart';
import { apiClient } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { getSessionUser } from '../../../lib/session';
import { cartQueryKey, cartUpdateKey } from '../cart-keys';
import { type CartLineRef, toLineRefs } from '../cart-lines';
import { writeLocalCart } from '../local-cart';

/** spec §7 POST /cart/update: the list becomes the cart; the reply is the cart as the server priced it. */
export async function updateCart(lines: readonly CartLineRef[]): Promise<CartLine[]> {
  const reply = await apiClient.post<CartReply>(apiPaths.cartUpdate, { cart: toLineRefs(lines) });
  return reply.cart;
}

export interface CartSave {
  userId: string;
  /** The cart as changed on screen, to save. */
  lines: CartLine[];
  /** The cart before the change, to go back to if the server refuses it. */
  previous: CartLine[];
}

/**
 * Saves a cart already changed on screen. Saves run one at a time in the order the changes were made, each
 * sending the whole list; only the last one's outcome is shown, as earlier replies are already out of date.
 */
export function useUpdateCart(onRefused: (error: Error) => void) {
  const queryClient = useQueryClient();
  const isLastSave = () => queryClient.isMutating({ mutationKey: cartUpdateKey }) === 1;
  const stillSignedIn = (userId: string) => getSessionUser()?._id === userId;

  return useMutation({
    mutationKey: cartUpdateKey,
    scope: { id: cartUpdateKey.join(':') },
    mutationFn: ({ lines }: CartSave) => updateCart(lines),
    onSuccess: (saved, { userId }) => {
      if (!isLastSave() || !stillSignedIn(userId)) return;
      queryClient.setQueryData(cartQueryKey(userId), saved);
      writeLocalCart(userId, saved, false);
    },
    onError: (error, { userId, previous }) => {
      if (!stillSignedIn(userId)) return;
      onRefused(error);
      if (!isLastSave()) return;
      queryClient.setQueryData(cartQueryKey(userId), previous);
      writeLocalCart(userId, previous, false);
      // The undone change may have followed others that failed too: read what the server really holds.
      void queryClient.invalidateQueries({ queryKey: cartQueryKey(userId) });
    },
  });
}
