import { useEffect, useMemo } from 'react';
import type { CartLine } from '../../../../contracts/cart';
import { useSavedList } from '../../../lib/saved-list/use-saved-list';
import { useSessionUser } from '../../../lib/session';
import {
  addToCart,
  type CartProduct,
  countItems,
  isInCart,
  removeFromCart,
  setLineQuantity,
} from '../cart-lines';
import { cartList } from '../cart-list';
import { forgetCartPricing } from '../cart-pricing';

export interface CartState {
  /** The cart as shown: saved, or changed and being saved. Empty for a visitor. */
  lines: CartLine[];
  /** A signed-in shopper's cart has not arrived yet. */
  isLoading: boolean;
  /** docs/product.md#screens: the sum of the quantities. */
  itemCount: number;
  /** Why the last change was undone, for the shopper to read; null when nothing went wrong. */
  saveError: string | null;
  dismissSaveError: () => void;
  isInCart: (productId: number) => boolean;
  add: (product: CartProduct) => void;
  remove: (productId: number) => void;
  /** docs/product.md#behaviour Cart toggle: in the cart means removal, otherwise add. */
  toggle: (product: CartProduct) => void;
  /** Adds the product unless the cart has it already (a visitor's Add to Cart, carried out after login). */
  include: (product: CartProduct) => void;
  /** docs/product.md#screens Cart: minus and plus set the quantity to one less or more; below 1 removes the line. */
  setQuantity: (productId: number, quantity: number) => void;
}

/** The signed-in shopper's cart (docs/product.md#behaviour), saved as it changes; a visitor's changes do nothing. */
export function useCart(): CartState {
  const { items: lines, isLoading, saveError, dismissSaveError, change } = useSavedList(cartList);
  const signedIn = useSessionUser() !== null;
  useEffect(() => {
    if (!signedIn) forgetCartPricing();
  }, [signedIn]);

  return useMemo<CartState>(
    () => ({
      lines,
      isLoading,
      itemCount: countItems(lines),
      saveError,
      dismissSaveError,
      isInCart: (productId) => isInCart(lines, productId),
      add: (product) => change((current) => addToCart(current, product)),
      remove: (productId) => change((current) => removeFromCart(current, productId)),
      toggle: (product) =>
        change((current) =>
          isInCart(current, product.id) ? removeFromCart(current, product.id) : addToCart(current, product),
        ),
      include: (product) =>
        change((current) => (isInCart(current, product.id) ? [...current] : addToCart(current, product))),
      setQuantity: (productId, quantity) =>
        change((current) => setLineQuantity(current, productId, quantity)),
    }),
    [lines, isLoading, saveError, dismissSaveError, change],
  );
}
