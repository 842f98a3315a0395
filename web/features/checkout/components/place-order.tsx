import { useState } from 'react';
import { Button } from '../../../components/button';
import './checkout.css';

// docs/product.md#messages: 'Failed to initialize payment. Please try again.' (or the error's own message).
const initializeFailed = 'Failed to initialize payment. Please try again.';

interface PlaceOrderProps {
  /** Takes the payment; a thrown error's message goes on the payment error line. */
  onPlaceOrder: () => Promise<void>;
  /** Something to say while the order is still under way (a failed attempt the shopper may retry). */
  notice?: string | null;
}

/** docs/product.md#screens Checkout: the payment error line and PLACE ORDER ('ORDERING...' and disabled while processing). */
export function PlaceOrder({ onPlaceOrder, notice = null }: PlaceOrderProps) {
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

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
      <p className="place-order__error error-text" role="alert">
        {error ?? notice}
      </p>
      <Button className="place-order__button" disabled={processing} onClick={placeOrder}>
        {processing ? 'ORDERING...' : 'PLACE ORDER'}
      </Button>
    </div>
  );
}
