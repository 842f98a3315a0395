import { createHmac, randomBytes } from 'node:crypto';
import type { RazorpayCheckoutSuccess } from '../../providers/razorpay/types';
import { badRequest } from './errors';
import {
  createRazorpayStore,
  type NewRefund,
  type Notes,
  type PaymentAttempt,
  type PaymentFailure,
  type PaymentMethod,
  type RazorpayEntityKey,
  type RazorpayStoreOptions,
  razorpayIdSuffix,
  type SavedRazorpayState,
  type SimulatedPayment,
} from './store';
import {
  createWebhookSender,
  type PostWebhook,
  type SimulatorWebhooks,
  type WebhookRetryPolicy,
} from './webhooks';

export const SIMULATOR_BASE_PATH = '/sim/razorpay';

/** auto: captured at once, like an order created with payment_capture; manual: authorized until captured. */
export type CaptureMode = 'auto' | 'manual';
/** instant: refunds are processed at once; pending: they wait for `settleRefund`, as slow banks make them. */
export type RefundMode = 'instant' | 'pending';
/** unavailable: the API answers 503 as an outage would; server_error: 500 with Razorpay's SERVER_ERROR. */
export type ApiFailure = 'unavailable' | 'server_error';

export interface CompletePaymentOptions {
  method?: PaymentMethod;
  vpa?: string;
  email?: string;
  contact?: string;
  /** Overrides the capture mode for this payment. */
  capture?: boolean;
}

export interface FailPaymentOptions extends Partial<PaymentFailure> {
  method?: PaymentMethod;
  vpa?: string;
  email?: string;
  contact?: string;
}

/** What Checkout hands to `rzp.on('payment.failed', r => …)` as `r.error`. */
export interface CheckoutError extends PaymentFailure {
  metadata: { order_id: string; payment_id: string };
}

export interface RazorpaySimulator {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  accountId: string;
  /** Path prefix of the simulated API and Checkout on this app. */
  baseUrl: string;
  /** Pays the order as Checkout's Pay button does; what its `handler` would receive. */
  completePayment(orderId: string, options?: CompletePaymentOptions): RazorpayCheckoutSuccess;
  /** A failed attempt on the order (the order becomes `attempted`), as `failure@razorpay` gives. */
  failPayment(
    orderId: string,
    options?: FailPaymentOptions,
  ): { payment: SimulatedPayment; error: CheckoutError };
  setCaptureMode(mode: CaptureMode): void;
  setRefundMode(mode: RefundMode): void;
  /** Finishes a pending refund, with its webhook unless `webhook` is false (a webhook Razorpay lost). */
  settleRefund(refundId: string, outcome: 'processed' | 'failed', options?: { webhook?: boolean }): void;
  failApi(mode: ApiFailure): void;
  restoreApi(): void;
  webhooks: SimulatorWebhooks;
  /** Back to defaults: auto capture, API up, webhooks sent at once to the default target, log emptied. */
  reset(): void;
}

export interface SimulatorStatus {
  captureMode: CaptureMode;
  apiFailure: ApiFailure | null;
  webhooksHeld: number;
}

export const TEST_VPA_SUCCESS = 'success@razorpay';
export const TEST_VPA_FAILURE = 'failure@razorpay';
/** Razorpay's test cards that pay (any CVV, any future expiry), digits only. */
export const TEST_CARDS_SUCCESS: readonly string[] = [
  '4111111111111111',
  '4100280000001007',
  '5500670000001002',
];
/** The simulator's card that is always declined, as failure@razorpay is for UPI. */
export const TEST_CARD_FAILURE = '4000000000000002';

const DEFAULT_FAILURE: PaymentFailure = {
  code: 'BAD_REQUEST_ERROR',
  description: 'Your payment has been declined by your bank. Please try again or use a different method.',
  source: 'bank',
  step: 'payment_authorization',
  reason: 'payment_declined',
};

const VPA_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z]{2,64}$/;

const randomKey = (length: number) =>
  Array.from({ length: Math.ceil(length / 14) }, razorpayIdSuffix)
    .join('')
    .slice(0, length);

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}

export interface AttemptInput {
  method?: PaymentMethod | undefined;
  vpa?: string | undefined;
  email?: string | undefined;
  contact?: string | undefined;
  description?: string | undefined;
  notes?: Notes | undefined;
}

function paymentAttempt(input: AttemptInput): PaymentAttempt {
  const method = input.method ?? 'upi';
  const vpa = method === 'upi' ? (input.vpa ?? TEST_VPA_SUCCESS) : null;
  if (vpa !== null && !VPA_PATTERN.test(vpa)) {
    throw badRequest('Invalid VPA. Please enter a valid Virtual Payment Address', 'vpa');
  }
  return {
    method,
    vpa,
    email: input.email ?? null,
    contact: input.contact ?? null,
    description: input.description ?? null,
    notes: input.notes ?? [],
  };
}

export interface SimulatorOptions {
  postWebhook: PostWebhook;
  webhookRetry: WebhookRetryPolicy;
  /** The account's entities to start from, and where its changes go (docs/operations.md#simulator-state). */
  state?: RazorpayStoreOptions & {
    /** Reads back an order the store no longer holds, with its payments and refunds. */
    load?: (key: RazorpayEntityKey) => Promise<SavedRazorpayState>;
  };
}

/** The simulated Razorpay account: its state, its webhooks, and the controls tests drive it with. */
export function createRazorpaySimulator(options: SimulatorOptions) {
  const keySecret = randomKey(24);
  const webhookSecret = randomBytes(18).toString('base64url');
  const accountId = `acc_${razorpayIdSuffix()}`;
  const store = createRazorpayStore(options.state);
  const webhooks = createWebhookSender({
    webhookSecret,
    accountId,
    post: options.postWebhook,
    retry: options.webhookRetry,
  });
  let captureMode: CaptureMode = 'auto';
  let refundMode: RefundMode = 'instant';
  let apiFailure: ApiFailure | null = null;

  function capture(paymentId: string, amount: number, currency: string) {
    const { payment, orderPaid } = store.capture(paymentId, amount, currency);
    webhooks.emit('payment.captured', { payment: { entity: payment } });
    if (orderPaid)
      webhooks.emit('order.paid', { payment: { entity: payment }, order: { entity: orderPaid } });
    return payment;
  }

  function pay(orderId: string, input: AttemptInput & { capture?: boolean }): RazorpayCheckoutSuccess {
    const attempt = paymentAttempt(input);
    if (attempt.vpa === TEST_VPA_FAILURE) {
      throw new Error(`${TEST_VPA_FAILURE} always fails: use failPayment for a failed attempt`);
    }
    const payment = store.authorize(orderId, attempt);
    webhooks.emit('payment.authorized', { payment: { entity: payment } });
    if (input.capture ?? captureMode === 'auto') capture(payment.id, payment.amount, payment.currency);
    return {
      razorpay_payment_id: payment.id,
      razorpay_order_id: orderId,
      razorpay_signature: createHmac('sha256', keySecret).update(`${orderId}|${payment.id}`).digest('hex'),
    };
  }

  function fail(orderId: string, input: AttemptInput, given: Partial<PaymentFailure> = {}) {
    const failure: PaymentFailure = { ...DEFAULT_FAILURE, ...definedOnly(given) };
    const payment = store.fail(orderId, paymentAttempt(input), failure);
    webhooks.emit('payment.failed', { payment: { entity: payment } });
    const error: CheckoutError = { ...failure, metadata: { order_id: orderId, payment_id: payment.id } };
    return { payment, error };
  }

  const simulator: RazorpaySimulator = {
    keyId: `rzp_test_${razorpayIdSuffix()}`,
    keySecret,
    webhookSecret,
    accountId,
    baseUrl: SIMULATOR_BASE_PATH,
    completePayment: (orderId, completeOptions = {}) => pay(orderId, completeOptions),
    failPayment: (orderId, { method, vpa, email, contact, ...failure } = {}) =>
      fail(orderId, { method, vpa, email, contact }, failure),
    setCaptureMode(mode) {
      captureMode = mode;
    },
    setRefundMode(mode) {
      refundMode = mode;
    },
    settleRefund(refundId, outcome, settleOptions = {}) {
      const { refund, payment } = store.settleRefund(refundId, outcome);
      if (settleOptions.webhook === false) return;
      webhooks.emit(`refund.${outcome}`, { refund: { entity: refund }, payment: { entity: payment } });
    },
    failApi(mode) {
      apiFailure = mode;
    },
    restoreApi() {
      apiFailure = null;
    },
    webhooks: webhooks.controls,
    // Orders and payments stay: the shop's database still points at them, as it would at Razorpay's.
    reset() {
      captureMode = 'auto';
      refundMode = 'instant';
      apiFailure = null;
      webhooks.reset();
    },
  };

  return {
    simulator,
    store,
    /** Before a call that names an entity: one the store let go of is read back from the database. */
    async recall(key: RazorpayEntityKey): Promise<void> {
      const load = options.state?.load;
      if (!load || store.holds(key)) return;
      const found = await load(key);
      // Another call may have read it back meanwhile: `remember` keeps what the store holds.
      store.remember(found);
    },
    pay,
    fail,
    capture,
    refund(paymentId: string, input: NewRefund) {
      const status = refundMode === 'pending' ? 'pending' : 'processed';
      const { refund, payment, replayed } = store.refund(paymentId, input, status);
      if (!replayed && refund.status === 'processed') {
        webhooks.emit('refund.processed', { refund: { entity: refund }, payment: { entity: payment } });
      }
      return refund;
    },
    apiFailure: () => apiFailure,
    status: (): SimulatorStatus => ({ captureMode, apiFailure, webhooksHeld: webhooks.controls.held() }),
    close: () => webhooks.close(),
  };
}

export type SimulatorInternals = ReturnType<typeof createRazorpaySimulator>;
