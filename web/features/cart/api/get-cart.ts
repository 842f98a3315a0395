import type { CartLine, CartReply } from '../../../../contracts/cart';
import { apiClient } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { keepCartPricing } from '../cart-pricing';

/** docs/product.md#http-api GET /cart: the signed-in shopper's lines, priced from the catalogue by the server. */
export async function getCart(signal?: AbortSignal): Promise<CartLine[]> {
  const reply = await apiClient.get<CartReply>(apiPaths.cart, { signal });
  keepCartPricing(reply);
  return reply.cart;
}
