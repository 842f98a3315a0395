import type { CartLine, CartReply } from '../../../../contracts/cart';
import { apiClient } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { type CartLineRef, toLineRef } from '../cart-lines';
import { keepCartPricing } from '../cart-pricing';

/** docs/product.md#http-api POST /cart/update: the list becomes the cart; the reply is the cart as the server priced it. */
export async function updateCart(lines: readonly CartLineRef[]): Promise<CartLine[]> {
  const reply = await apiClient.post<CartReply>(apiPaths.cartUpdate, { cart: lines.map(toLineRef) });
  keepCartPricing(reply);
  return reply.cart;
}
