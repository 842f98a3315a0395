import type { CartLine } from '../../../contracts/cart';
import { createSavedList } from '../../lib/saved-list/saved-list';
import { storageKeys } from '../../lib/storage';
import { getCart } from './api/get-cart';
import { updateCart } from './api/update-cart';
import { type CartLineRef, isLineRef, toLineRef } from './cart-lines';

/** The signed-in shopper's cart: ids, quantities and sizes kept here and on the server, priced by the server. */
export const cartList = createSavedList<CartLine, CartLineRef>({
  name: 'cart',
  storage: { key: storageKeys.cart, field: 'lines' },
  toRef: toLineRef,
  isRef: isLineRef,
  fetchList: getCart,
  saveList: updateCart,
  refusal: (error) => `Could not update your cart: ${error.message}`,
});
