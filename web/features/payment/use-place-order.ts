import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { OrderConfirmation } from '../../../contracts/orders';
import { paymentMessages } from '../../../contracts/payment-messages';
import { publicConfigQueryOptions } from '../../lib/get-public-config';
import { paths } from '../../lib/paths';
import { useNavigate } from '../../lib/router';
import { getSessionUser } from '../../lib/session';
import { confirmPayment } from './api/confirm-payment';

// Checkout's window code is needed only once PLACE ORDER is tapped: it loads after the page, not with it
// (docs/operations.md#performance-budget), and is asked for as soon as the page has mounted.
const razorpayCheckout = () => import('./razorpay-checkout');

/**
 * What /payment-success reads from the navigation state (docs/product.md#screens). The order id is in the URL as well, and
 * the page reads the order from the server, so a reload or a bookmark still shows it.
 */
export interface PaymentSuccessState {
  confirmation: OrderConfirmation;
}

/** A Razorpay order the server made for the shopper to pay: the cart's, or a COD order's advance. */
export interface PayableOrder {
  id: string;
  key: string;
  amount: number;
}

/**
 * docs/product.md#behaviour Payment flow, the sound way (docs/architecture.md#money-flow): the server prices and stores the order,
 * Checkout takes the payment, the server verifies it and confirms the order. `makeOrder` asks the server for the
 * Razorpay order: the cart's (create-order), or a COD order's advance (docs/product.md#part-paid-cod). Throws an
 * Error whose message is the payment error line's text.
 */
export function usePlaceOrder(onPaymentAttemptFailed: (message: string) => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    void razorpayCheckout();
  }, []);

  return useCallback(
    async (makeOrder: () => Promise<PayableOrder>) => {
      const { loadCheckoutScript, openCheckout } = await razorpayCheckout();
      const config = await queryClient.fetchQuery(publicConfigQueryOptions);
      await loadCheckoutScript(config.razorpay.checkoutScriptUrl);
      const order = await makeOrder();
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
