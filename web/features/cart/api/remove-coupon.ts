import type { CartReply } from '../../../../contracts/cart';
import { apiClient } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { keepCartPricing } from '../cart-pricing';

/** docs/product.md#discount-codes DELETE /cart/coupon: the cart without its code. */
export async function removeCoupon(): Promise<CartReply> {
  const reply = await apiClient.delete<CartReply>(apiPaths.cartCoupon);
  keepCartPricing(reply);
  return reply;
}
