import { createContext, type ReactNode, use, useMemo, useState } from 'react';
import type { ProductActions } from '../../features/catalogue/product-actions';
import { LoginRequiredDialog } from './login-required-dialog';

/** What the header and the product buttons need to know about the visitor's cart and wishlist. */
export interface ShopState extends ProductActions {
  /** spec §2: the sum of cart item quantities. */
  cartCount: number;
  /** spec §2: the number of wishlist items. */
  wishlistCount: number;
  /** spec §2: 'city, pincode', one of them, or 'Set Location'. */
  locationLabel: string;
}

const ShopStateContext = createContext<ShopState | null>(null);

/**
 * Today everyone is a visitor: counts are 0 and the cart and wishlist buttons ask the visitor to log in
 * (spec §4: a visitor gets the login modal). The accounts, cart and wishlist issues fill this in.
 */
export function ShopStateProvider({ children }: { children: ReactNode }) {
  const [loginPromptOpen, setLoginPromptOpen] = useState(false);

  const state = useMemo<ShopState>(
    () => ({
      cartCount: 0,
      wishlistCount: 0,
      locationLabel: 'Set Location',
      isInCart: () => false,
      isInWishlist: () => false,
      toggleCart: () => setLoginPromptOpen(true),
      toggleWishlist: () => setLoginPromptOpen(true),
    }),
    [],
  );

  return (
    <ShopStateContext value={state}>
      {children}
      <LoginRequiredDialog open={loginPromptOpen} onClose={() => setLoginPromptOpen(false)} />
    </ShopStateContext>
  );
}

export function useShopState(): ShopState {
  const state = use(ShopStateContext);
  if (!state) throw new Error('useShopState must be used inside <ShopStateProvider>');
  return state;
}
