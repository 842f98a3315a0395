import { ApiError } from '../../../lib/api-client';
import { useDeliveryPromise } from '../api/get-delivery-promise';
import './delivery-promise.css';

interface DeliveryPromiseLineProps {
  pincode: string | undefined;
  id?: string;
  /** Words before the promise where the pincode is not shown next to it: "560001: ". */
  showPincode?: boolean;
}

/**
 * docs/product.md#delivery-promise: "Delivery by Thu, 27 Nov" or "We don't deliver to 123456 yet". Always
 * rendered, so its space is reserved and screen readers hear the answer when it comes.
 */
export function DeliveryPromiseLine({ pincode, id, showPincode = false }: DeliveryPromiseLineProps) {
  const promise = useDeliveryPromise(pincode);
  let text = '';
  let modifier = '';
  if (pincode !== undefined) {
    if (promise.data) {
      text =
        showPincode && promise.data.serviceable ? `${pincode}: ${promise.data.label}` : promise.data.label;
      modifier = promise.data.serviceable ? '' : ' delivery-promise--refused';
    } else if (promise.isPending) {
      text = `Checking delivery to ${pincode}…`;
      modifier = ' delivery-promise--waiting';
    } else if (promise.error instanceof ApiError && promise.error.status === 400) {
      // docs/product.md#pincode-directory: a pincode India Post does not list is said so, not left blank.
      text = promise.error.message;
      modifier = ' delivery-promise--refused';
    }
  }
  return (
    <p id={id} className={`delivery-promise${modifier}`} aria-live="polite">
      {text}
    </p>
  );
}
