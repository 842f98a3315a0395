import { paymentMessages } from '../../../contracts/payment-messages';

// Razorpay Checkout's browser API (docs/architecture.md#razorpay), as far as the shop uses it.

export interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

interface CheckoutFailure {
  error: { code?: string; description?: string; reason?: string };
}

interface CheckoutOptions {
  key: string;
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; email: string; contact: string };
  theme: { color: string };
  timeout: number;
  modal: { ondismiss: () => void; confirm_close: boolean };
  retry: { enabled: boolean };
  handler: (success: CheckoutSuccess) => void;
}

interface CheckoutWindow {
  open(): void;
  on(event: 'payment.failed', callback: (failure: CheckoutFailure) => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: CheckoutOptions) => CheckoutWindow;
  }
}

/** docs/product.md#numbers-and-timings: the payment window times out after 300000 ms. */
export const CHECKOUT_TIMEOUT_MS = 300_000;
// docs/product.md#numbers-and-timings: the payment theme colour is brown.
const THEME_BROWN = '#7b4a2d';

let scriptLoading: Promise<void> | undefined;

/** Loads Checkout's script once, from Razorpay or the local simulator (GET /api/config says which). */
export function loadCheckoutScript(src: string): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  scriptLoading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scriptLoading = undefined;
      script.remove();
      reject(new Error(paymentMessages.initializeFailed));
    };
    document.head.append(script);
  });
  return scriptLoading;
}

export class PaymentNotCompleted extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentNotCompleted';
  }
}

export interface CheckoutRequest {
  key: string;
  razorpayOrderId: string;
  amountPaise: number;
  shopper: { name: string; email: string; phone: string };
}

/**
 * Opens the payment window and settles with its outcome: the success to report to the server, or a
 * `PaymentNotCompleted` carrying the docs/product.md#messages text for a cancel or a time-out. Checkout keeps its
 * window open after a failed attempt so the shopper can try again: `onFailure` tells the page at once; closing
 * the window afterwards is a cancel like any other (docs/product.md#messages).
 */
export function openCheckout(
  request: CheckoutRequest,
  onFailure: (message: string) => void,
): Promise<CheckoutSuccess> {
  const Razorpay = window.Razorpay;
  if (!Razorpay) return Promise.reject(new Error(paymentMessages.initializeFailed));
  return new Promise((resolve, reject) => {
    const openedAt = Date.now();
    const checkout = new Razorpay({
      key: request.key,
      amount: request.amountPaise,
      currency: 'INR',
      name: 'Ottoman Mittens',
      description: 'Silk exfoliating mittens',
      order_id: request.razorpayOrderId,
      prefill: {
        // docs/product.md#numbers-and-timings: the prefill name falls back to 'Customer'.
        name: request.shopper.name.trim() || 'Customer',
        email: request.shopper.email,
        contact: request.shopper.phone,
      },
      theme: { color: THEME_BROWN },
      retry: { enabled: true },
      timeout: CHECKOUT_TIMEOUT_MS / 1000,
      modal: {
        confirm_close: false,
        ondismiss: () => {
          const timedOut = Date.now() - openedAt >= CHECKOUT_TIMEOUT_MS;
          const message = timedOut ? paymentMessages.timeout : paymentMessages.cancelled;
          reject(new PaymentNotCompleted(message));
        },
      },
      handler: resolve,
    });
    checkout.on('payment.failed', (failure) => {
      onFailure(paymentMessages.failed(failure.error.description));
    });
    checkout.open();
  });
}
