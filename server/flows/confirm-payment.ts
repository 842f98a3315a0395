import { eq } from 'drizzle-orm';
import { paymentMessages } from '../../contracts/orders';
import { orders, payments } from '../db/schema';
import { AppError } from '../errors';
import { countPaymentConfirmed } from '../metrics';
import type { ChangeSource } from '../modules/history/status-history';
import { issueInvoice } from '../modules/invoices/issue-documents';
import { awaitsAdvance, awaitsPayment, isCod } from '../modules/orders/lifecycle';
import { applyOrderEvent, lockOrder } from '../modules/orders/order-writer';
import {
  markStrayPayment,
  onlineAmountPaiseOf,
  paymentPaysOrder,
  recordPayment,
} from '../modules/payments/payment-records';
import { lockOrderStock } from '../modules/stock/order-stock';
import { RazorpayError } from '../providers/razorpay/client';
import type { RazorpayPayment } from '../providers/razorpay/types';
import type { PaymentDeps } from './deps';

type OrderRow = typeof orders.$inferSelect;

export interface ConfirmResult {
  order: OrderRow;
  /** False when an earlier report (the browser, a webhook, the reconciler) had already confirmed it. */
  newlyPaid: boolean;
}

/**
 * The one place an order becomes paid (docs/architecture.md#money-flow): in one transaction, under the
 * order's locks, it records the captured payment and hands the capture to the order lifecycle, which
 * confirms the order (emptying the cart, queueing the shipment and the e-mail), refunds a second payment, or
 * refunds money that arrived for an order the shopper cancelled. The browser's report, the webhook and the
 * reconciler all end here, in any order and any number of times, and the order is paid once.
 */
export async function confirmPaidOrder(
  deps: Pick<PaymentDeps, 'db' | 'jobs'>,
  input: { orderId: string; payment: RazorpayPayment; source: ChangeSource },
): Promise<ConfirmResult> {
  const { payment, source } = input;
  if (payment.status !== 'captured')
    throw new Error(`payment ${payment.id} is ${payment.status}, not captured`);
  const result = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, input.orderId);
    if (!locked) throw new AppError('not_found', paymentMessages.orderNotFound);
    if (!paymentPaysOrder(payment, locked.order))
      throw new AppError('invalid', paymentMessages.notForThisOrder);

    const [before] = await tx
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.razorpayPaymentId, payment.id));
    const recorded = await recordPayment(tx, locked.order.id, payment, source);
    const repeat = before?.status === 'captured' || before?.status === 'refunded';
    // docs/architecture.md#stock: only a payment that makes the order paid takes its units; their rows are
    // locked after the order's.
    const makesPaid = !repeat && (awaitsPayment(locked.state) || awaitsAdvance(locked.state));
    const stockCovered = makesPaid ? (await lockOrderStock(tx, locked.order.id)).length === 0 : true;
    const decision = await applyOrderEvent(
      locked,
      deps.jobs,
      { type: 'payment_captured', paymentId: recorded.id, repeat, stockCovered },
      source,
    );
    if (decision.outcome === 'applied' && decision.effects.some((e) => e.type === 'refund_stray_payment')) {
      await markStrayPayment(tx, recorded.id);
    }
    const newlyPaid =
      decision.outcome === 'applied' &&
      decision.effects.some((e) => e.type === 'send_email' && e.kind === 'confirmed');
    const [order] = await tx.select().from(orders).where(eq(orders.id, locked.order.id));
    // docs/architecture.md#invoices: the tax invoice is numbered in the transaction that makes the order paid.
    // A COD order's (confirmed by its advance) is issued at handover instead.
    if (newlyPaid && !isCod(locked.state))
      await issueInvoice(tx, locked.order.id, order?.paidAt ?? new Date());
    return { order: order ?? locked.order, newlyPaid };
  });
  // Counted once committed: a rolled-back confirmation paid nothing.
  if (result.newlyPaid) countPaymentConfirmed(source);
  return result;
}

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
    return await deps.razorpay.client.capturePayment(payment.id, onlineAmountPaiseOf(order), order.currency);
  } catch (error) {
    if (!(error instanceof RazorpayError) || error.kind !== 'rejected') throw error;
    const again = await deps.razorpay.client.fetchPayment(payment.id);
    if (again.status !== 'captured') throw error;
    return again;
  }
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
    if (!awaitsPayment(order) && !awaitsAdvance(order)) return undefined;
    payment = await capture(deps, payment, order);
  }
  if (payment.status !== 'captured') return undefined;
  return confirmPaidOrder(deps, { orderId: order.id, payment, source });
}

/** Razorpay's errors, as the shopper's reply: a refusal of ours is not Razorpay being down. */
export function asUpstreamFailure(error: unknown): never {
  if (error instanceof RazorpayError)
    throw new AppError('upstream_failed', paymentMessages.orderCreationFailed);
  throw error;
}
