import { randomInt } from 'node:crypto';
import type { RazorpayOrder, RazorpayPayment, RazorpayRefund } from '../../providers/razorpay/types';
import { badRequest, unknownId } from './errors';

// Razorpay answers an empty notes object as `[]` (its PHP heritage); the adapter's types allow both.
export type Notes = Record<string, string> | never[];
export type PaymentMethod = 'upi' | 'card';
export type RefundSpeed = 'normal' | 'optimum';

export interface SimulatedOrder extends RazorpayOrder {
  receipt: string | null;
  offer_id: null;
  notes: Notes;
}

export interface SimulatedPayment extends RazorpayPayment {
  method: PaymentMethod;
  invoice_id: null;
  international: boolean;
  description: string | null;
  card_id: string | null;
  bank: null;
  wallet: null;
  vpa: string | null;
  email: string;
  contact: string | null;
  notes: Notes;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
}

export interface SimulatedRefund extends RazorpayRefund {
  notes: Notes;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  batch_id: null;
  speed_requested: RefundSpeed;
  speed_processed: 'normal' | 'instant';
}

export interface NewOrder {
  amount: number;
  currency: 'INR';
  receipt: string | null;
  notes: Notes;
}

/** What the shopper entered in the payment window. */
export interface PaymentAttempt {
  method: PaymentMethod;
  vpa: string | null;
  email: string | null;
  contact: string | null;
  description: string | null;
  notes: Notes;
}

/** Why a payment failed, in Razorpay's error vocabulary. */
export interface PaymentFailure {
  code: string;
  description: string;
  source: string;
  step: string;
  reason: string;
}

export interface NewRefund {
  amount: number | undefined;
  speed: RefundSpeed;
  notes: Notes;
  receipt: string | null;
  idempotencyKey: string | undefined;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 14 random base-62 characters, the length of Razorpay's ids (`order_…`, `pay_…`, event ids). */
export function razorpayIdSuffix(): string {
  let suffix = '';
  for (let i = 0; i < 14; i++) suffix += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return suffix;
}

/** What the store was given to start from: the account's entities, oldest first (docs/operations.md#simulator-state). */
export interface SavedRazorpayState {
  orders: SimulatedOrder[];
  payments: SimulatedPayment[];
  refunds: { refund: SimulatedRefund; idempotencyKey: string | null }[];
}

/** One entity as it is after a change, for the database to keep. */
export type RazorpayChange =
  | { entity: 'order'; order: SimulatedOrder }
  | { entity: 'payment'; payment: SimulatedPayment }
  | { entity: 'refund'; refund: SimulatedRefund; idempotencyKey: string | null };

/** The id of an order, a payment or a refund: what a call names, and what a miss is read back by. */
export type RazorpayEntityKey = { orderId: string } | { paymentId: string } | { refundId: string };

export interface RazorpayStoreOptions {
  saved?: SavedRazorpayState | undefined;
  /** Called with a copy of each entity a change made or touched, in the order of the changes. */
  onChange?: ((change: RazorpayChange) => void) | undefined;
  /**
   * How many orders, with their payments and refunds, stay in memory: the oldest go first, and are read back
   * (`remember`) when a call names one (docs/operations.md#stalls-and-memory). All of them without it.
   */
  keep?: number | undefined;
}

const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join('');
const now = () => Math.floor(Date.now() / 1000);
const copy = <T>(entity: T): T => structuredClone(entity);

// Razorpay's standard rate: 2% of the amount, plus 18% GST on that fee; both reported on capture.
function feeFor(amount: number): { fee: number; tax: number } {
  const commission = Math.round(amount * 0.02);
  const tax = Math.round(commission * 0.18);
  return { fee: commission + tax, tax };
}

/**
 * The simulated account's orders, payments and refunds, and the state changes Razorpay allows on them. The
 * state is held here and each change made at once, in one step: two refunds of one payment at once are one
 * after the other, as at Razorpay. `onChange` hands each change on to be kept.
 */
export function createRazorpayStore(options: RazorpayStoreOptions = {}) {
  const { onChange, keep = Number.POSITIVE_INFINITY } = options;
  // Oldest first: the first ones are those that go when there are more than `keep`.
  const orders = new Map<string, SimulatedOrder>();
  const payments = new Map<string, SimulatedPayment>();
  // Each order's payments and each payment's refunds, oldest first: listing an order's payments walks its
  // own, not every payment the account has, and an order leaves memory with all of its entities.
  const paymentsByOrder = new Map<string, SimulatedPayment[]>();
  const refundsByPayment = new Map<string, SimulatedRefund[]>();
  const refundsByIdempotencyKey = new Map<string, SimulatedRefund>();
  const refundsById = new Map<string, SimulatedRefund>();
  const idempotencyKeys = new Map<string, string | null>();

  function rememberPayment(payment: SimulatedPayment) {
    payments.set(payment.id, payment);
    if (payment.order_id === null) return;
    const ofOrder = paymentsByOrder.get(payment.order_id);
    if (ofOrder) ofOrder.push(payment);
    else paymentsByOrder.set(payment.order_id, [payment]);
  }

  function rememberRefund(refund: SimulatedRefund, idempotencyKey: string | null) {
    refundsById.set(refund.id, refund);
    idempotencyKeys.set(refund.id, idempotencyKey);
    const ofPayment = refundsByPayment.get(refund.payment_id);
    if (ofPayment) ofPayment.push(refund);
    else refundsByPayment.set(refund.payment_id, [refund]);
    if (idempotencyKey) refundsByIdempotencyKey.set(`${refund.payment_id}:${idempotencyKey}`, refund);
  }

  function forgetOrder(orderId: string) {
    for (const payment of paymentsByOrder.get(orderId) ?? []) {
      for (const refund of refundsByPayment.get(payment.id) ?? []) {
        const idempotencyKey = idempotencyKeys.get(refund.id);
        if (idempotencyKey) refundsByIdempotencyKey.delete(`${payment.id}:${idempotencyKey}`);
        idempotencyKeys.delete(refund.id);
        refundsById.delete(refund.id);
      }
      refundsByPayment.delete(payment.id);
      payments.delete(payment.id);
    }
    paymentsByOrder.delete(orderId);
    orders.delete(orderId);
  }

  function keepWithinLimit() {
    for (const orderId of orders.keys()) {
      if (orders.size <= keep) return;
      forgetOrder(orderId);
    }
  }

  /** Entities read from the database (at start, or after a miss); those already held stay as they are. */
  function remember(state: SavedRazorpayState) {
    for (const order of state.orders) if (!orders.has(order.id)) orders.set(order.id, copy(order));
    for (const payment of state.payments) if (!payments.has(payment.id)) rememberPayment(copy(payment));
    for (const { refund, idempotencyKey } of state.refunds) {
      if (!refundsById.has(refund.id)) rememberRefund(copy(refund), idempotencyKey);
    }
    keepWithinLimit();
  }
  if (options.saved) remember(options.saved);

  const changedOrder = (order: SimulatedOrder) => onChange?.({ entity: 'order', order: copy(order) });
  const changedPayment = (payment: SimulatedPayment) =>
    onChange?.({ entity: 'payment', payment: copy(payment) });
  const changedRefund = (refund: SimulatedRefund) =>
    onChange?.({
      entity: 'refund',
      refund: copy(refund),
      idempotencyKey: idempotencyKeys.get(refund.id) ?? null,
    });

  function findOrder(orderId: string): SimulatedOrder {
    const order = orders.get(orderId);
    if (!order) throw unknownId();
    return order;
  }

  function findPayment(paymentId: string): SimulatedPayment {
    const payment = payments.get(paymentId);
    if (!payment) throw unknownId();
    return payment;
  }

  function newPayment(order: SimulatedOrder, attempt: PaymentAttempt): SimulatedPayment {
    if (order.status === 'paid') throw badRequest('Order has already been paid', 'order_id');
    order.attempts += 1;
    order.status = 'attempted';
    const payment: SimulatedPayment = {
      id: `pay_${razorpayIdSuffix()}`,
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: 'created',
      order_id: order.id,
      invoice_id: null,
      international: false,
      method: attempt.method,
      amount_refunded: 0,
      refund_status: null,
      captured: false,
      description: attempt.description,
      card_id: attempt.method === 'card' ? `card_${razorpayIdSuffix()}` : null,
      bank: null,
      wallet: null,
      vpa: attempt.method === 'upi' ? attempt.vpa : null,
      // Checkout collects an e-mail unless the merchant hides it; Razorpay reports this one when it has none.
      email: attempt.email ?? 'void@razorpay.com',
      contact: attempt.contact,
      notes: attempt.notes,
      fee: null,
      tax: null,
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      acquirer_data: attempt.method === 'upi' ? { rrn: digits(12) } : { auth_code: digits(6) },
      created_at: now(),
    };
    rememberPayment(payment);
    changedOrder(order);
    return payment;
  }

  return {
    remember,

    /** Whether the entity is in memory: a miss is read from the database, if it is there, before the call. */
    holds(key: RazorpayEntityKey): boolean {
      if ('orderId' in key) return orders.has(key.orderId);
      if ('paymentId' in key) return payments.has(key.paymentId);
      return refundsById.has(key.refundId);
    },

    /** How many orders are in memory. */
    size: () => orders.size,

    createOrder(input: NewOrder): SimulatedOrder {
      const order: SimulatedOrder = {
        id: `order_${razorpayIdSuffix()}`,
        entity: 'order',
        amount: input.amount,
        amount_paid: 0,
        amount_due: input.amount,
        currency: input.currency,
        receipt: input.receipt,
        offer_id: null,
        status: 'created',
        attempts: 0,
        notes: input.notes,
        created_at: now(),
      };
      orders.set(order.id, order);
      keepWithinLimit();
      changedOrder(order);
      return copy(order);
    },

    order: (orderId: string) => copy(findOrder(orderId)),

    payment: (paymentId: string) => copy(findPayment(paymentId)),

    /** Newest first, as Razorpay lists collections. */
    paymentsOf(orderId: string): SimulatedPayment[] {
      findOrder(orderId);
      return [...(paymentsByOrder.get(orderId) ?? [])].reverse().map(copy);
    },

    authorize(orderId: string, attempt: PaymentAttempt): SimulatedPayment {
      const payment = newPayment(findOrder(orderId), attempt);
      payment.status = 'authorized';
      changedPayment(payment);
      return copy(payment);
    },

    fail(orderId: string, attempt: PaymentAttempt, failure: PaymentFailure): SimulatedPayment {
      const payment = newPayment(findOrder(orderId), attempt);
      Object.assign(payment, {
        status: 'failed',
        acquirer_data: {},
        error_code: failure.code,
        error_description: failure.description,
        error_source: failure.source,
        error_step: failure.step,
        error_reason: failure.reason,
      });
      changedPayment(payment);
      return copy(payment);
    },

    /** Captures an authorized payment; `orderPaid` is set when this capture is what paid its order. */
    capture(
      paymentId: string,
      amount: number,
      currency: string,
    ): { payment: SimulatedPayment; orderPaid: SimulatedOrder | undefined } {
      const payment = findPayment(paymentId);
      if (payment.status === 'captured' || payment.status === 'refunded') {
        throw badRequest('This payment has already been captured');
      }
      if (payment.status !== 'authorized') {
        throw badRequest('Only payments which have been authorized and not yet captured can be captured');
      }
      if (amount !== payment.amount) {
        throw badRequest('Capture amount must be equal to the amount authorized', 'amount');
      }
      if (currency !== payment.currency) {
        throw badRequest('The currency should be same as the payment currency', 'currency');
      }
      Object.assign(payment, { status: 'captured', captured: true, ...feeFor(payment.amount) });
      changedPayment(payment);
      const order = payment.order_id ? orders.get(payment.order_id) : undefined;
      if (!order || order.status === 'paid') return { payment: copy(payment), orderPaid: undefined };
      order.amount_paid = Math.min(order.amount, order.amount_paid + payment.amount);
      order.amount_due = order.amount - order.amount_paid;
      if (order.amount_due === 0) order.status = 'paid';
      changedOrder(order);
      return { payment: copy(payment), orderPaid: order.status === 'paid' ? copy(order) : undefined };
    },

    /** `replayed` when the idempotency key was used before: the earlier refund, and nothing changes. */
    refund(
      paymentId: string,
      input: NewRefund,
      status: 'processed' | 'pending' = 'processed',
    ): { refund: SimulatedRefund; payment: SimulatedPayment; replayed: boolean } {
      const payment = findPayment(paymentId);
      const keyed = input.idempotencyKey ? `${paymentId}:${input.idempotencyKey}` : undefined;
      const earlier = keyed ? refundsByIdempotencyKey.get(keyed) : undefined;
      if (earlier) return { refund: copy(earlier), payment: copy(payment), replayed: true };

      if (payment.status === 'refunded') throw badRequest('The payment has been fully refunded already');
      if (payment.status !== 'captured') {
        throw badRequest('Only captured payments can be refunded', 'payment_id');
      }
      const remaining = payment.amount - payment.amount_refunded;
      const amount = input.amount ?? remaining;
      if (amount > remaining) {
        throw badRequest('The total refund amount is greater than the refund payment amount', 'amount');
      }
      const refund: SimulatedRefund = {
        id: `rfnd_${razorpayIdSuffix()}`,
        entity: 'refund',
        amount,
        currency: payment.currency,
        payment_id: payment.id,
        notes: input.notes,
        receipt: input.receipt,
        acquirer_data: { arn: null },
        batch_id: null,
        status,
        speed_requested: input.speed,
        speed_processed: input.speed === 'optimum' ? 'instant' : 'normal',
        created_at: now(),
      };
      payment.amount_refunded += amount;
      const full = payment.amount_refunded === payment.amount;
      payment.refund_status = full ? 'full' : 'partial';
      if (full) payment.status = 'refunded';
      rememberRefund(refund, input.idempotencyKey ?? null);
      changedRefund(refund);
      changedPayment(payment);
      return { refund: copy(refund), payment: copy(payment), replayed: false };
    },

    fetchRefund(refundId: string): SimulatedRefund {
      const refund = refundsById.get(refundId);
      if (!refund) throw unknownId();
      return copy(refund);
    },

    /** Razorpay finishing a pending refund; a failed one gives the amount back to the payment. */
    settleRefund(
      refundId: string,
      outcome: 'processed' | 'failed',
    ): { refund: SimulatedRefund; payment: SimulatedPayment } {
      const refund = refundsById.get(refundId);
      if (!refund) throw unknownId();
      if (refund.status !== 'pending') throw badRequest('The refund is not pending');
      const payment = findPayment(refund.payment_id);
      refund.status = outcome;
      if (outcome === 'failed') {
        payment.amount_refunded -= refund.amount;
        payment.refund_status = payment.amount_refunded === 0 ? null : 'partial';
        if (payment.status === 'refunded') payment.status = 'captured';
      }
      changedRefund(refund);
      changedPayment(payment);
      return { refund: copy(refund), payment: copy(payment) };
    },
  };
}

export type RazorpayStore = ReturnType<typeof createRazorpayStore>;
