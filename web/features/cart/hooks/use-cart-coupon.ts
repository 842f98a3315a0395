import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { CartLine, CartReply } from '../../../../contracts/cart';
import { useSessionUser } from '../../../lib/session';
import { applyCoupon } from '../api/apply-coupon';
import { removeCoupon } from '../api/remove-coupon';
import { cartList } from '../cart-list';
import { type CartPricing, pricesLines, useCartPricing } from '../cart-pricing';

export interface CartCouponState {
  /** The server's last pricing of the cart; null before the cart arrived. */
  pricing: CartPricing | null;
  /** Whether that pricing is of the lines on screen (false while a change is being saved). */
  current: boolean;
  /** Resolves once the code is on the cart; rejects with the server's refusal. */
  apply: (code: string) => Promise<void>;
  remove: () => Promise<void>;
}

/**
 * docs/product.md#discount-codes: the code on the signed-in shopper's cart, applied and priced by the server;
 * `lines` are the cart's lines on screen (the shop state's).
 */
export function useCartCoupon(lines: readonly CartLine[]): CartCouponState {
  const queryClient = useQueryClient();
  const userId = useSessionUser()?._id ?? null;
  const pricing = useCartPricing();

  // The reply carries the cart as the server holds it: it becomes the list, unless a change is still being
  // saved, whose own reply will.
  const settle = useCallback(
    (reply: CartReply) => {
      if (userId === null || queryClient.isMutating({ mutationKey: cartList.keys.update }) > 0) return;
      queryClient.setQueryData(cartList.keys.of(userId), reply.cart);
      cartList.writeLocal(userId, reply.cart, false);
    },
    [queryClient, userId],
  );

  const apply = useCallback(async (code: string) => settle(await applyCoupon(code)), [settle]);
  const remove = useCallback(async () => settle(await removeCoupon()), [settle]);

  return useMemo(
    () => ({ pricing, current: pricing !== null && pricesLines(pricing, lines), apply, remove }),
    [pricing, lines, apply, remove],
  );
}
