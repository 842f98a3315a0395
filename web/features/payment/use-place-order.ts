import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { OrderConfirmation } from '../../../contracts/orders';
import { paymentMessages } from '../../../contracts/payment-messages';
import { publicConfigQueryOptions } from '../../lib/get-public-config';
import { paths } from '../../lib/paths';
import { useNavigate } from '../../lib/router';
import { getSessionUser } from '../../lib/session';
import { confirmPayment } from './api/confirm-payment';
import { createPaymentOrder } from './api/create-payment-order';
import { loadCheckoutScript, openCheckout } from './razorpay-checkout';

/**
 * What /payment-success reads from the navigation state (docs/product.md#screens). The order id is in the URL as well, and
 * the page reads the order from the server, so a reload or a bookmark still shows it.
 */
export interface PaymentSuccessState {
  confirmation: OrderConfirmation;
}

/**
 * docs/product.md#behaviour Payment flow, the sound way (docs/architecture.md#money-flow): the server prices and stores the order,
 * Checkout takes the payment, the server verifies it and confirms the order. Throws an Error whose message is
 * the payment error line's text.
 */
export function usePlaceOrder(onPaymentAttemptFailed: (message: string) => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useCallback(
    async (expectedAmountPaise: number) => {
      const config = await queryClient.fetchQuery(publicConfigQueryOptions);
      await loadCheckoutScript(config.razorpay.checkoutScriptUrl);
      const order = await createPaymentOrder(expectedAmountPaise);
      if (!order.id) throw new Error('Failed to create Razorpay order');

      const user = getSessionUser();
      const success = await openCheckout(
        {
          key: order.key,
          razorpayOrderId: order.id,
          amountPaise: order.amount,
          shopper: {
            name: [user?.firstName, user?.lastName].filter(Boolean).join(' '),
            email: user?.email ?? '',
            phone: user?.phone ?? '',
          },
        },
        onPaymentAttemptFailed,
      );

      let confirmation: OrderConfirmation;
      try {
        confirmation = await confirmPayment(success);
      } catch {
        throw new Error(paymentMessages.orderCreationFailed);
      }
      // The server removed the ordered items from the cart; every list on screen reads it again.
      await queryClient.invalidateQueries();
      const state: PaymentSuccessState = { confirmation };
      navigate(paths.paymentSuccessOf(confirmation.orderId), { state });
    },
    [queryClient, navigate, onPaymentAttemptFailed],
  );
}
