import { and, eq } from 'drizzle-orm';
import { type PaymentResponse, paymentMessages } from '../../../contracts/orders';
import { orders, payments } from '../../db/schema';
import { AppError } from '../../errors';
import { verifyPaymentSignature } from '../../providers/razorpay/signatures';
import { asUpstreamFailure, type PaymentDeps, settlePayment } from './settle-payment';

export interface CheckoutConfirmation {
  orderId: string;
  paymentId: string;
}

/**
 * DESIGN.md "Money flow" step 3 (spec §7 POST /orders/create-with-payment): the browser reports Checkout's
 * success. Nothing in the report is trusted until the signature over our own Razorpay order id checks out
 * and Razorpay itself confirms the payment, its order, amount and currency. Reporting twice gives the same
 * order.
 */
export async function confirmCheckoutPayment(
  deps: PaymentDeps,
  userId: string,
  report: PaymentResponse,
): Promise<CheckoutConfirmation> {
  const paymentId = report.razorpay_payment_id?.trim();
  if (!paymentId) throw new AppError('invalid', paymentMessages.invalidPaymentResponse);
  if (!report.razorpay_order_id || !report.razorpay_signature) {
    throw new AppError('invalid', paymentMessages.invalidPaymentResponse);
  }

  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.razorpayOrderId, report.razorpay_order_id), eq(orders.userId, userId)));
  if (!order?.razorpayOrderId) throw new AppError('not_found', paymentMessages.orderNotFound);

  const signed = verifyPaymentSignature({
    razorpayOrderId: order.razorpayOrderId,
    razorpayPaymentId: paymentId,
    signature: report.razorpay_signature,
    keySecret: deps.razorpay.keySecret,
  });
  if (!signed) throw new AppError('invalid', paymentMessages.verificationFailed);

  const [recorded] = await deps.db
    .select({ status: payments.status })
    .from(payments)
    .where(and(eq(payments.razorpayPaymentId, paymentId), eq(payments.orderId, order.id)));
  if (recorded?.status === 'captured' && order.paymentStatus === 'paid')
    return { orderId: order.id, paymentId };

  const payment = await deps.razorpay.client.fetchPayment(paymentId).catch(asUpstreamFailure);
  if (payment.status === 'failed') {
    throw new AppError('invalid', paymentMessages.failed(payment.error_description ?? undefined));
  }
  if (payment.status === 'refunded' && payment.order_id === order.razorpayOrderId && order.paidAt) {
    return { orderId: order.id, paymentId };
  }
  const settled = await settlePayment(deps, order, payment, 'checkout').catch(asUpstreamFailure);
  if (!settled) throw new AppError('invalid', paymentMessages.notForThisOrder);
  return { orderId: order.id, paymentId };
}
