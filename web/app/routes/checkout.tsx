import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { cartMessages } from '../../../contracts/cart-rules';
import type { PlacedCodOrder } from '../../../contracts/cod';
import {
  arrivalText,
  deliveryMessages,
  PINCODE_PATTERN,
  pincodeStateWarning,
} from '../../../contracts/delivery';
import { messages } from '../../../contracts/messages';
import { paymentMessages } from '../../../contracts/payment-messages';
import { whatsappCheckoutLabel } from '../../../contracts/whatsapp-checkbox';
import { Button } from '../../components/button';
import { FreeShippingNudge } from '../../components/free-shipping-nudge';
import { SignInFirst } from '../../features/auth/components/sign-in-first';
import { refreshSessionProfile } from '../../features/auth/local-session';
import { useCartCoupon } from '../../features/cart/hooks/use-cart-coupon';
import {
  confirmCodOrder,
  placeCodOrder,
  resendCodOtp,
  useCodEligibility,
} from '../../features/checkout/api/cod';
import { checkoutAmounts, formatPaiseAmount } from '../../features/checkout/checkout-amounts';
import { AddressDialog, type AddressUpdate } from '../../features/checkout/components/address-dialog';
import { CheckoutAddressForm } from '../../features/checkout/components/checkout-address-form';
import { CheckoutItem } from '../../features/checkout/components/checkout-item';
import {
  AppliedCoupon,
  ApplyCouponButton,
  CouponNotice,
} from '../../features/checkout/components/coupon-controls';
import { DeliveryAddress } from '../../features/checkout/components/delivery-address';
import { hasDeliveryAddress } from '../../features/checkout/components/delivery-address-draft';
import { PaymentChoice, type PaymentChoiceValue } from '../../features/checkout/components/payment-choice';
import { PlaceOrder } from '../../features/checkout/components/place-order';
import { PriceDetails } from '../../features/checkout/components/price-details';
import { WishlistPickerDialog } from '../../features/checkout/components/wishlist-picker-dialog';
import { useCheckoutCoupon } from '../../features/checkout/hooks/use-checkout-coupon';
import { useDeliveryPromise } from '../../features/location/api/get-delivery-promise';
import { DeliveryPromiseLine } from '../../features/location/components/delivery-promise-line';
import { createPaymentOrder } from '../../features/payment/api/create-payment-order';
import { usePlaceOrder } from '../../features/payment/use-place-order';
import { updateProfile } from '../../features/profile/api/update-profile';
import { paths, sectionIds } from '../../lib/paths';
import { Link, useNavigate } from '../../lib/router';
import { useSessionUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useWhatsAppOffered } from '../../lib/use-return-window';
import { useLoginPrompt } from '../shop-state/login-prompt';
import { useShopState } from '../shop-state/shop-state-provider';

// Opened by Apply Coupon: the field and the offers are not needed to show or pay for a cart.
const CouponPanel = lazy(() =>
  import('../../features/checkout/components/coupon-panel').then((module) => ({
    default: module.CouponPanel,
  })),
);

// Opened once a COD order is placed: the OTP dialog is not needed to show or pay for a cart (the room the
// prepaid offer's line and words take in the checkout's first load).
const CodConfirmDialog = lazy(() =>
  import('../../features/checkout/components/cod-confirm-dialog').then((module) => ({
    default: module.CodConfirmDialog,
  })),
);

/** docs/product.md#screens Checkout. */
export function CheckoutRoute() {
  useDocumentTitle('Checkout');
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const { openLogin } = useLoginPrompt();
  const { cart, wishlist, moveToWishlist, moveToCart } = useShopState();
  const [addressOpen, setAddressOpen] = useState(false);
  const [wishlistOpen, setWishlistOpen] = useState(false);
  const [paymentNotice, setPaymentNotice] = useState<string | null>(null);
  const payForCart = usePlaceOrder(setPaymentNotice);
  const [paymentChoice, setPaymentChoice] = useState<PaymentChoiceValue>('online');
  const [placedCod, setPlacedCod] = useState<PlacedCodOrder | null>(null);
  // docs/product.md#whatsapp-consent: off until the shopper ticks it.
  const [whatsappUpdates, setWhatsappUpdates] = useState(false);
  const whatsappOffered = useWhatsAppOffered();
  // Whether the cart had lines on this visit: one emptied by the order just placed is not "arrived empty".
  const [hadLines, setHadLines] = useState(false);
  if (!hadLines && cart.lines.length > 0) setHadLines(true);
  const navigate = useNavigate();
  // docs/product.md#delivery-promise: the parcel goes to the profile's address, so its pincode is the one checked.
  const profilePincode = user?.pincode?.trim() ?? '';
  const pincode = PINCODE_PATTERN.test(profilePincode) ? profilePincode : undefined;
  const promise = useDeliveryPromise(pincode);
  // docs/product.md#delivery-date: each item arrives on the day the pincode line promises (the order keeps
  // it); no day while it is asked, or for a pincode no courier serves.
  const arrival = promise.data?.serviceable
    ? arrivalText({ orderedAt: new Date(), promisedDate: promise.data.deliverBy })
    : undefined;
  const stateWarning = user ? pincodeStateWarning(user.pincode, user.state) : undefined;
  // docs/product.md#discount-codes: the code and every amount after it are the server's.
  const cartCoupon = useCartCoupon(cart.lines);
  const pricing = cartCoupon.pricing;
  const amounts = checkoutAmounts(cart.lines, {
    coupon: pricing?.coupon ?? null,
    totalPaise: pricing?.summary?.totalPaise ?? null,
    current: cartCoupon.current,
  });
  const appliedCode = amounts.coupon?.code ?? null;
  const coupon = useCheckoutCoupon({
    actions: cartCoupon,
    appliedCode,
    cartReady: user !== null && !cart.isLoading && cart.lines.length > 0,
  });
  const couponPanelId = useId();
  // A cart change that dropped the code says so (until the next change).
  const couponNotice = (cartCoupon.current ? pricing?.couponNotice : null) ?? coupon.notice;
  // docs/product.md#cash-on-delivery: the server says whether this cart, code and address may be paid in cash.
  const codQuery = useCodEligibility(
    JSON.stringify([
      cart.lines.map((line) => [line.id, line.size, line.quantity]),
      appliedCode,
      user?.pincode,
    ]),
    user !== null && !cart.isLoading && cart.lines.length > 0,
  );
  const cod = codQuery.data;
  const payingCod = paymentChoice === 'cod' && cod?.offered === true;
  const codFeePaise = payingCod && cod ? cod.feePaise : 0;
  // docs/product.md#part-paid-cod: paid now, by UPI, out of the COD total.
  const advancePaise = payingCod && cod ? cod.advancePaise : 0;
  // docs/product.md#prepaid-offer: what paying online takes off, as the server priced this cart.
  const prepaidOfferPaise = !payingCod && cod ? cod.prepaidOfferPaise : 0;

  async function saveAddress(address: AddressUpdate) {
    await updateProfile(address);
    // The header's location and this page's 'Deliver to' follow the saved profile.
    await refreshSessionProfile(queryClient);
    setAddressOpen(false);
  }

  // The PLACE ORDER button's behaviour; a thrown error's message is the payment error line.
  async function placeOrder() {
    setPaymentNotice(null);
    // docs/product.md#place-order-checks Place order, checked here for an instant answer; the server checks both again.
    if (!user || !hasDeliveryAddress(user)) throw new Error(messages.completeProfile);
    if (cart.lines.length === 0) throw new Error(messages.emptyCart);
    // docs/product.md#delivery-promise: no payment for a parcel no courier can carry; the server refuses it too.
    if (promise.data && !promise.data.serviceable) {
      throw new Error(deliveryMessages.checkoutUnserviceable(promise.data.pincode));
    }
    // docs/product.md#stock: the server refuses such a cart too, naming the product.
    if (cart.lines.some((line) => !line.available)) throw new Error(cartMessages.removeUnavailable);
    // The amount the page shows; a change still being priced is checked by the server (cart changed).
    const expectedPaise = amounts.totalPaise ?? pricing?.summary?.totalPaise;
    if (expectedPaise === undefined) throw new Error(paymentMessages.cartChanged);
    if (payingCod) {
      const placed = await placeCodOrder(expectedPaise + codFeePaise, whatsappUpdates);
      // docs/product.md#part-paid-cod: its advance, paid now by UPI, confirms it; else the OTP does.
      const { advance } = placed;
      if (advance) await payForCart(async () => advance);
      else setPlacedCod(placed);
      return;
    }
    // A tap while the offer is still being asked for this cart waits for the server's figure.
    const offer =
      cod === undefined && codQuery.isFetching
        ? ((await codQuery.refetch()).data?.prepaidOfferPaise ?? 0)
        : prepaidOfferPaise;
    await payForCart(() => createPaymentOrder(expectedPaise - offer, whatsappUpdates));
  }

  async function confirmCod(otp: string) {
    if (!placedCod) return;
    await confirmCodOrder(placedCod.orderId, otp);
    // The server removed the ordered items from the cart; every list on screen reads it again.
    await queryClient.invalidateQueries();
    navigate(paths.order(placedCod.orderId));
  }

  async function resendCod() {
    if (!placedCod) return '';
    return (await resendCodOtp(placedCod.orderId)).message;
  }

  // docs/product.md#screens Checkout: a visitor signs in first and comes back here.
  if (!user) return <SignInFirst returnTo={paths.checkout} />;
  if (cart.isLoading) {
    return (
      <p className="status-text page" role="status">
        Loading...
      </p>
    );
  }

  const count = cart.lines.length;
  // Arrived with nothing to buy: no address, no PLACE ORDER, the way to the mittens.
  if (count === 0 && !hadLines) {
    return (
      <div className="message-page">
        <h1>Your cart is empty</h1>
        <Link className="button button--primary" to={paths.section(sectionIds.products)}>
          SHOP NOW
        </Link>
      </div>
    );
  }
  return (
    <div className="container page checkout-page">
      <h1 className="checkout-page__title">Checkout</h1>
      <div className="checkout-page__layout">
        <div className="checkout-page__main">
          {/* docs/product.md#delivery-address: without an address, the shopper fills it in here. */}
          {user && !hasDeliveryAddress(user) ? (
            <CheckoutAddressForm user={user} onSave={saveAddress} />
          ) : (
            <DeliveryAddress
              user={user}
              onChangeAddress={() => (user ? setAddressOpen(true) : openLogin({ mode: 'login' }))}
            >
              {user && <DeliveryPromiseLine pincode={pincode} />}
              {stateWarning && (
                <p className="checkout-address__warning" role="note">
                  {stateWarning}
                </p>
              )}
            </DeliveryAddress>
          )}
          <section className="checkout-card" aria-labelledby="checkout-items-title">
            <div className="checkout-items__head">
              <h2 id="checkout-items-title" className="checkout-card__title">
                {count}/{count} ITEMS SELECTED
              </h2>
              <Button variant="secondary" onClick={() => setWishlistOpen(true)}>
                Add More From Wishlist
              </Button>
            </div>
            {count === 0 ? (
              <p className="status-text">Your cart is empty.</p>
            ) : (
              <ul className="checkout-items">
                {cart.lines.map((line) => (
                  <CheckoutItem
                    key={`${line.id}:${line.size}`}
                    line={line}
                    arrival={arrival}
                    onRemove={() => cart.remove(line.id)}
                    onMoveToWishlist={() => moveToWishlist(line)}
                  />
                ))}
              </ul>
            )}
          </section>
        </div>
        <div className="checkout-page__aside">
          <PaymentChoice eligibility={cod} value={payingCod ? 'cod' : 'online'} onChange={setPaymentChoice} />
          <PriceDetails
            amounts={amounts}
            codFeePaise={codFeePaise}
            prepaidOfferPaise={prepaidOfferPaise}
            couponAction={
              amounts.coupon ? (
                <AppliedCoupon
                  code={amounts.coupon.code}
                  description={amounts.coupon.description}
                  busy={coupon.busy}
                  onRemove={coupon.removeCode}
                  buttonRef={coupon.removeButtonRef}
                />
              ) : (
                <ApplyCouponButton
                  panelId={couponPanelId}
                  expanded={coupon.panelOpen}
                  onToggle={user ? coupon.togglePanel : () => openLogin({ mode: 'login' })}
                  buttonRef={coupon.applyButtonRef}
                />
              )
            }
          >
            {coupon.panelOpen && !amounts.coupon && (
              <Suspense fallback={<p className="status-text">Loading…</p>}>
                <CouponPanel
                  id={couponPanelId}
                  pricedCart={JSON.stringify([pricing?.lines, appliedCode])}
                  refusal={coupon.refusal}
                  busy={coupon.busy}
                  onApply={coupon.applyCode}
                />
              </Suspense>
            )}
            <CouponNotice text={couponNotice} />
          </PriceDetails>
          <FreeShippingNudge subtotal={amounts.subtotal} />
          {user.phone && whatsappOffered && (
            <label className="checkout-option">
              <input
                type="checkbox"
                checked={whatsappUpdates}
                onChange={(event) => setWhatsappUpdates(event.target.checked)}
              />
              {whatsappCheckoutLabel}
            </label>
          )}
          <PlaceOrder
            onPlaceOrder={placeOrder}
            notice={paymentNotice}
            total={
              amounts.totalPaise === null
                ? 'Updating…'
                : formatPaiseAmount(amounts.totalPaise + codFeePaise - prepaidOfferPaise)
            }
            // docs/product.md#part-paid-cod: an advance is paid by UPI, so its marks stay.
            cashOnDelivery={payingCod && advancePaise === 0}
          />
        </div>
      </div>
      {addressOpen && user && (
        <AddressDialog open user={user} onClose={() => setAddressOpen(false)} onSave={saveAddress} />
      )}
      {placedCod && (
        <Suspense fallback={null}>
          <CodConfirmDialog
            placed={placedCod}
            onConfirm={confirmCod}
            onResend={resendCod}
            // Closed unconfirmed, the order waits for the link sent by SMS and e-mail, or My Orders' Confirm order.
            onClose={() => setPlacedCod(null)}
          />
        </Suspense>
      )}
      <WishlistPickerDialog
        open={wishlistOpen}
        items={wishlist.items}
        onClose={() => setWishlistOpen(false)}
        onAddToCart={moveToCart}
      />
    </div>
  );
}
