import { cartMessages } from '../../../contracts/cart-rules';
import { Button } from '../../components/button';
import { CartLineItem } from '../../features/cart/components/cart-line-item';
import { CartSummary, type CartSummaryCoupon } from '../../features/cart/components/cart-summary';
import { useCartCoupon } from '../../features/cart/hooks/use-cart-coupon';
import { checkoutAmounts, formatPaiseAmount } from '../../features/checkout/checkout-amounts';
import { couponAmountText, updating } from '../../features/checkout/components/price-details';
import { DeliveryPromiseLine } from '../../features/location/components/delivery-promise-line';
import { useVisitorPincode } from '../../features/location/hooks/use-visitor-pincode';
import { paths, sectionIds } from '../../lib/paths';
import { useNavigate } from '../../lib/router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useShopState } from '../shop-state/shop-state-provider';

function linesLabel(count: number): string {
  return count === 1 ? '1 item' : `${count} items`;
}

/** docs/product.md#screens Cart. */
export function CartRoute() {
  useDocumentTitle('Cart');
  const { cart, moveToWishlist } = useShopState();
  const navigate = useNavigate();
  const pincode = useVisitorPincode();
  // docs/product.md#screens: back to / and, 300 ms later, to the products (the layout's scroll-on-navigate waits).
  const continueShopping = () => navigate(paths.section(sectionIds.products));
  // docs/product.md#stock: checkout waits until the lines that cannot be had are removed.
  const hasUnavailable = cart.lines.some((line) => !line.available);
  // docs/product.md#coupon-at-checkout: a code applied at checkout is still on the cart: its amounts are the server's.
  const cartCoupon = useCartCoupon(cart.lines);
  const amounts = checkoutAmounts(cart.lines, {
    coupon: cartCoupon.pricing?.coupon ?? null,
    totalPaise: cartCoupon.pricing?.summary?.totalPaise ?? null,
    current: cartCoupon.current,
  });
  const coupon: CartSummaryCoupon | null = amounts.coupon && {
    code: amounts.coupon.code,
    amount: couponAmountText(amounts),
    freeShipping: amounts.coupon.freeShipping,
    total: amounts.totalPaise === null ? updating : formatPaiseAmount(amounts.totalPaise),
  };

  if (cart.isLoading) {
    return (
      <p className="status-text page" role="status">
        Loading...
      </p>
    );
  }

  if (cart.lines.length === 0) {
    return (
      <div className="message-page">
        <h1>Your cart is empty</h1>
        <Button onClick={continueShopping}>SHOP NOW</Button>
      </div>
    );
  }

  return (
    <div className="container page">
      {/* docs/product.md#screens: the heading counts distinct lines, not quantities. */}
      <h1 className="cart-page__title">Shopping Cart ({linesLabel(cart.lines.length)})</h1>
      <div className="cart-page__layout">
        <ul className="cart-lines" aria-label="Cart items">
          {cart.lines.map((line) => (
            <CartLineItem
              key={`${line.id}:${line.size}`}
              line={line}
              onQuantityChange={(quantity) => cart.setQuantity(line.id, quantity)}
              onRemove={() => cart.remove(line.id)}
              onMoveToWishlist={() => moveToWishlist(line)}
            />
          ))}
        </ul>
        <CartSummary lines={cart.lines} coupon={coupon}>
          {/* docs/product.md#delivery-promise: for the pincode the visitor checked, else the profile's. */}
          <DeliveryPromiseLine pincode={pincode} showPincode />
          {hasUnavailable && (
            <p id="cart-unavailable" className="cart-page__unavailable">
              {cartMessages.removeUnavailable}
            </p>
          )}
          <Button
            disabled={hasUnavailable}
            aria-describedby={hasUnavailable ? 'cart-unavailable' : undefined}
            onClick={() => navigate(paths.checkout)}
          >
            PROCEED TO CHECKOUT
          </Button>
          <Button variant="secondary" onClick={continueShopping}>
            Continue Shopping
          </Button>
        </CartSummary>
      </div>
    </div>
  );
}
