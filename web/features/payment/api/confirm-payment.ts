import type { OrderConfirmation } from '../../../../contracts/orders';
import { ApiError, apiClient } from '../../../lib/api-client';
import type { CheckoutSuccess } from '../razorpay-checkout';
import { paymentApiPaths } from './payment-paths';

const RETRY_DELAYS_MS = [1_000, 2_000, 4_000];

function worthRetrying(error: unknown): boolean {
  // No answer, or the server or Razorpay could not answer for now; a refusal is final.
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/**
 * docs/product.md#http-api POST /orders/create-with-payment. The server verifies the payment with Razorpay; reporting the
 * same success again is harmless, so a lost reply is simply asked again (this replaces the old client's
 * fallback orders: the webhook and the reconciler confirm the order even if every try fails).
 */
export async function confirmPayment(success: CheckoutSuccess): Promise<OrderConfirmation> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiClient.post<OrderConfirmation>(paymentApiPaths.confirmPayment, success);
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !worthRetrying(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
