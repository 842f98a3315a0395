import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { PaymentMethods } from './payment-methods';
import './checkout.css';

// docs/product.md#messages: 'Failed to initialize payment. Please try again.' (or the error's own message).
const initializeFailed = 'Failed to initialize payment. Please try again.';

interface PlaceOrderProps {
  /** Takes the payment; a thrown error's message goes on the payment error line. */
  onPlaceOrder: () => Promise<void>;
  /** Something to say while the order is still under way (a failed attempt the shopper may retry). */
  notice?: string | null;
  /** The amount PLACE ORDER charges, as shown beside it (the server's total after a code). */
  total: string;
  /** docs/product.md#cash-on-delivery: paying in cash, so no card or UPI line under the button. */
  cashOnDelivery?: boolean;
}

/**
 * docs/product.md#screens Checkout: the payment error line and PLACE ORDER ('ORDERING...' and disabled while processing), with the
 * total and the accepted payment methods. docs/product.md#checkout-messages: every refusal or failure is a thrown
 * error, shown on the one error line inside the PLACE ORDER bar (fixed to the screen's bottom on a phone), announced
 * and focused, so the shopper sees it wherever the page is scrolled.
 */
export function PlaceOrder({ onPlaceOrder, notice = null, total, cashOnDelivery = false }: PlaceOrderProps) {
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorLine = useRef<HTMLParagraphElement>(null);

  // Focus (which also scrolls it into view on a wide screen) only once the attempt is over: a failed payment's
  // notice while Razorpay's window stays open is announced, but the window keeps the focus.
  useEffect(() => {
    if (error) errorLine.current?.focus();
  }, [error]);

  async function placeOrder() {
    setProcessing(true);
    setError(null);
    try {
      await onPlaceOrder();
    } catch (failure) {
      setError(failure instanceof Error && failure.message !== '' ? failure.message : initializeFailed);
    } finally {
      setProcessing(false);
    }
  }

  return (
    <div className="place-order">
      {/* On a phone this bar stays at the bottom of the screen, so the total, the button and why it failed are
          always at hand. */}
      <div className="place-order__bar">
        <p ref={errorLine} className="place-order__error error-text" role="alert" tabIndex={-1}>
          {error ?? notice}
        </p>
        <p className="place-order__total">
          <span>Total</span> <strong>{total}</strong>
        </p>
        <Button className="place-order__button" disabled={processing} onClick={placeOrder}>
          {processing ? 'ORDERING...' : 'PLACE ORDER'}
        </Button>
      </div>
      {!cashOnDelivery && <PaymentMethods />}
    </div>
  );
}
