import type { FastifyBaseLogger } from 'fastify';
import { paymentMessages } from '../../../contracts/orders';
import type { Database } from '../../db/client';
import type { orders } from '../../db/schema';
import { AppError } from '../../errors';
import type { Jobs } from '../../plugins/jobs';
import { RazorpayError } from '../../providers/razorpay/client';
import type { RazorpayPayment } from '../../providers/razorpay/types';
import { type ConfirmResult, confirmPaidOrder, paymentPaysOrder } from './confirm-paid-order';
import type { RazorpayGateway } from './razorpay-gateway';
import type { ChangeSource } from './status-history';

export interface PaymentDeps {
  db: Database;
  jobs: Pick<Jobs, 'send'>;
  razorpay: RazorpayGateway;
  log: FastifyBaseLogger;
}

type OrderRow = typeof orders.$inferSelect;

/**
 * Captures an authorized payment of the order. Two reporters may race to capture the same payment; the
 * loser's refusal is answered by reading the payment again.
 */
async function capture(
  deps: PaymentDeps,
  payment: RazorpayPayment,
  order: OrderRow,
): Promise<RazorpayPayment> {
  try {
    return await deps.razorpay.client.capturePayment(payment.id, order.totalPaise, order.currency);
  } catch (error) {
    if (!(error instanceof RazorpayError) || error.kind !== 'rejected') throw error;
    const again = await deps.razorpay.client.fetchPayment(payment.id);
    if (again.status !== 'captured') throw error;
    return again;
  }
}

/**
 * Whether the order still takes a payment: pending, or given up by the reconciler (still the shopper's if the
 * money arrives after all); not paid, refunded or cancelled by the shopper.
 */
export function awaitsPayment(order: Pick<OrderRow, 'status' | 'paymentStatus'>): boolean {
  if (order.paymentStatus === 'failed') return true;
  return order.paymentStatus === 'pending' && order.status !== 'cancelled';
}

/**
 * Brings our order in line with a payment Razorpay reports for it: captures it if only authorized, and
 * confirms the order once captured. Returns undefined when the payment does not (yet) pay the order.
 */
export async function settlePayment(
  deps: PaymentDeps,
  order: OrderRow,
  reported: RazorpayPayment,
  source: ChangeSource,
): Promise<ConfirmResult | undefined> {
  if (!paymentPaysOrder(reported, order)) {
    deps.log.warn({ orderId: order.id, paymentId: reported.id }, 'payment does not match its order');
    return undefined;
  }
  let payment = reported;
  if (payment.status === 'authorized') {
    // An order paid already, or cancelled, must not take this money: Razorpay refunds an authorization that
    // is never captured by itself.
    if (!awaitsPayment(order)) return undefined;
    payment = await capture(deps, payment, order);
  }
  if (payment.status !== 'captured') return undefined;
  return confirmPaidOrder(deps.db, deps.jobs, { orderId: order.id, payment, source });
}

/** Razorpay's errors, as the shopper's reply: a refusal of ours is not Razorpay being down. */
export function asUpstreamFailure(error: unknown): never {
  if (error instanceof RazorpayError)
    throw new AppError('upstream_failed', paymentMessages.orderCreationFailed);
  throw error;
}
