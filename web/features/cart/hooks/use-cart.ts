import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CartLine } from '../../../../contracts/cart';
import { useSessionUser } from '../../../lib/session';
import { useUpdateCart } from '../api/update-cart';
import { cartKeys } from '../cart-keys';
import {
  addToCart,
  type CartProduct,
  countItems,
  isInCart,
  removeFromCart,
  setLineQuantity,
} from '../cart-lines';
import { cartQueryOptions } from '../cart-query';
import { clearLocalCart, writeLocalCart } from '../local-cart';

const NO_LINES: CartLine[] = [];

const refusal = (error: Error) => `Could not update your cart: ${error.message}`;

export interface CartState {
  /** The cart as shown: saved, or changed and being saved. Empty for a visitor. */
  lines: CartLine[];
  /** A signed-in shopper's cart has not arrived yet. */
  isLoading: boolean;
  /** spec §2: the sum of the quantities. */
  itemCount: number;
  /** Why the last change was undone, for the shopper to read; null when nothing went wrong. */
  saveError: string | null;
  dismissSaveError: () => void;
  isInCart: (productId: number) => boolean;
  add: (product: CartProduct) => void;
  remove: (productId: number) => void;
  /** spec §4 Cart toggle: in the cart means removal, otherwise add. */
  toggle: (product: CartProduct) => void;
  /** spec §2 Cart: minus and plus set the quantity to one less or more; below 1 removes the line. */
  setQuantity: (productId: number, quantity: number) => void;
}

/**
 * The signed-in shopper's cart (spec §4): changes show at once, are kept in this browser and saved to the
 * server; a refused save is undone and says why. Signing out forgets it. A visitor's changes do nothing.
 */
export function useCart(): CartState {
  const userId = useSessionUser()?._id ?? null;
  const queryClient = useQueryClient();
  const [saveError, setSaveError] = useState<string | null>(null);
  const cart = useQuery({ ...cartQueryOptions(userId ?? ''), enabled: userId !== null });
  const { mutate } = useUpdateCart((error) => setSaveError(refusal(error)));

  // spec §4 Logout: the local copy goes with the session.
  useEffect(() => {
    if (userId !== null) return;
    clearLocalCart();
    queryClient.removeQueries({ queryKey: cartKeys });
    setSaveError(null);
  }, [userId, queryClient]);

  const change = useCallback(
    (update: (lines: readonly CartLine[]) => CartLine[]) => {
      if (userId === null) return;
      const key = cartQueryOptions(userId).queryKey;
      const apply = () => {
        // A read still on its way holds the cart from before this change.
        void queryClient.cancelQueries({ queryKey: key });
        const previous = queryClient.getQueryData(key) ?? NO_LINES;
        const lines = update(previous);
        setSaveError(null);
        queryClient.setQueryData(key, lines);
        writeLocalCart(userId, lines, true);
        mutate({ userId, lines, previous });
      };
      if (queryClient.getQueryData(key)) {
        apply();
        return;
      }
      // Pressed before the cart arrived: change the server's cart, not an empty one.
      queryClient
        .fetchQuery(cartQueryOptions(userId))
        .then(apply, (error: Error) => setSaveError(refusal(error)));
    },
    [userId, queryClient, mutate],
  );

  const lines = userId === null ? NO_LINES : (cart.data ?? NO_LINES);

  return useMemo<CartState>(
    () => ({
      lines,
      isLoading: userId !== null && cart.isPending,
      itemCount: countItems(lines),
      saveError,
      dismissSaveError: () => setSaveError(null),
      isInCart: (productId) => isInCart(lines, productId),
      add: (product) => change((current) => addToCart(current, product)),
      remove: (productId) => change((current) => removeFromCart(current, productId)),
      toggle: (product) =>
        change((current) =>
          isInCart(current, product.id) ? removeFromCart(current, product.id) : addToCart(current, product),
        ),
      setQuantity: (productId, quantity) =>
        change((current) => setLineQuantity(current, productId, quantity)),
    }),
    [lines, userId, cart.isPending, saveError, change],
  );
}
