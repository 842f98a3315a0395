import { createContext, type ReactNode, Suspense, use, useEffect, useMemo, useState } from 'react';
import type { CartLine } from '../../../contracts/cart';
import type { Product } from '../../../contracts/catalogue';
import { type CartState, useCart } from '../../features/cart/hooks/use-cart';
import type { ProductActions } from '../../features/catalogue/product-actions';
import { useLocationLabel } from '../../features/location/location-label';
import { useWishlist, type WishlistState } from '../../features/wishlist/hooks/use-wishlist';
import type { WishlistItem } from '../../features/wishlist/wishlist-items';
import { lazyAfterLoad } from '../../lib/lazy-after-load';
import { useSessionUser } from '../../lib/session';
import { useLoginPrompt } from './login-prompt';

// Shown only when a save is refused: its code is not in the first load.
const SaveErrorAlert = lazyAfterLoad(() =>
  import('../../features/cart/components/save-error-alert').then((module) => module.SaveErrorAlert),
);

/** What the header and the product buttons need to know about the visitor's cart and wishlist. */
export interface ShopState extends ProductActions {
  /** docs/product.md#screens: the sum of cart item quantities. */
  cartCount: number;
  /** docs/product.md#screens: the number of wishlist items. */
  wishlistCount: number;
  /** docs/product.md#screens: 'city, pincode', one of them, or 'Set Location'. */
  locationLabel: string;
  cart: CartState;
  wishlist: WishlistState;
  /** docs/product.md#behaviour: moving a cart item to the wishlist removes it from the cart and adds it to the wishlist. */
  moveToWishlist: (line: CartLine) => void;
  /** docs/product.md#behaviour: adding a wishlist item to the cart removes it from the wishlist. */
  moveToCart: (item: WishlistItem) => void;
}

const ShopStateContext = createContext<ShopState | null>(null);

/**
 * The signed-in shopper's cart and wishlist for the header badges, the product buttons and the pages, with
 * one place that says why a change was undone. A visitor's cart and wishlist buttons open the login modal
 * (docs/product.md#behaviour); after logging in there, what they pressed is done.
 */
export function ShopStateProvider({ children }: { children: ReactNode }) {
  const { openLogin } = useLoginPrompt();
  const signedIn = useSessionUser() !== null;
  const cart = useCart();
  const wishlist = useWishlist();
  const locationLabel = useLocationLabel();
  // A visitor's Add to Cart waits for the login it asked for, then is carried out where they are.
  const [cartAfterLogin, setCartAfterLogin] = useState<Product | null>(null);

  useEffect(() => {
    if (!signedIn || !cartAfterLogin) return;
    cart.include(cartAfterLogin);
    setCartAfterLogin(null);
  }, [signedIn, cartAfterLogin, cart]);

  const state = useMemo<ShopState>(
    () => ({
      cartCount: cart.itemCount,
      wishlistCount: wishlist.items.length,
      locationLabel,
      cart,
      wishlist,
      isInCart: cart.isInCart,
      isInWishlist: wishlist.isInWishlist,
      toggleCart: (product) => {
        if (signedIn) return cart.toggle(product);
        setCartAfterLogin(product);
        openLogin({ onDismiss: () => setCartAfterLogin(null) });
      },
      toggleWishlist: (product) => {
        if (signedIn) return wishlist.toggle(product);
        wishlist.keepForVisitor(product);
        openLogin();
      },
      moveToWishlist: (line) => {
        wishlist.add(line);
        cart.remove(line.id);
      },
      moveToCart: (item) => {
        cart.add(item);
        wishlist.remove(item.id);
      },
    }),
    [openLogin, locationLabel, signedIn, cart, wishlist],
  );

  return (
    <ShopStateContext value={state}>
      {children}
      {(cart.saveError !== null || wishlist.saveError !== null) && (
        <Suspense fallback={null}>
          <SaveErrorAlert
            messages={[cart.saveError, wishlist.saveError]}
            onDismiss={() => {
              cart.dismissSaveError();
              wishlist.dismissSaveError();
            }}
          />
        </Suspense>
      )}
    </ShopStateContext>
  );
}

export function useShopState(): ShopState {
  const state = use(ShopStateContext);
  if (!state) throw new Error('useShopState must be used inside <ShopStateProvider>');
  return state;
}
