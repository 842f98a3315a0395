import type { CartReply } from '../../../../contracts/cart';
import { apiClient } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { keepCartPricing } from '../cart-pricing';

/**
 * docs/product.md#discount-codes POST /cart/coupon: the code on the cart, priced by the server; a refusal is an
 * ApiError with the server's message (why the code does not apply).
 */
export async function applyCoupon(code: string): Promise<CartReply> {
  const reply = await apiClient.post<CartReply>(apiPaths.cartCoupon, { code });
  keepCartPricing(reply);
  return reply;
}
