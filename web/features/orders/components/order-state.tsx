import { formatRupeesExact } from '../../../../contracts/format';
import { orderStatusLabel } from '../../../../contracts/order-status';
import type { Order } from '../../../../contracts/orders';

// docs/product.md#the-order-page: what an order's page and the success page say first, from the order's real
// state; "Payment Successful!" only for an order that is paid and not cancelled.

export const orderStateTexts = {
  paidHeadline: 'Payment Successful!',
  cancelledHeadline: 'Order Cancelled',
  failedHeadline: 'Payment Failed',
  pendingHeadline: 'Confirming your payment',
  cancelled: 'This order was cancelled.',
  refunded: (amount: string) => `${amount} has been refunded to your original payment method.`,
  refundUnderway: 'Your refund is on its way to your original payment method.',
  failed: 'The payment for this order did not go through, so the order was not placed.',
  pending:
    'We are still confirming the payment for this order with the bank. This page updates as soon as it is confirmed; nothing is sent before that.',
  status: (label: string) => `Status: ${label}`,
  // docs/product.md#cash-on-delivery
  codHeadline: 'Order Confirmed',
  codAwaitingHeadline: 'Confirm your order',
  cod: (amount: string, label: string) => `Pay ${amount} in cash on delivery. Status: ${label}`,
  codAwaiting:
    'Confirm this cash-on-delivery order with the OTP or the link we sent to your mobile; an order not confirmed in time is cancelled.',
  // docs/product.md#part-paid-cod
  codAwaitingAdvance: (amount: string) =>
    `Pay the ${amount} advance by UPI from My Orders to confirm this cash-on-delivery order; an order not confirmed in time is cancelled.`,
} as const;

export type OrderState = 'paid' | 'pending' | 'failed' | 'cancelled' | 'cod' | 'cod_awaiting';

/** The one state an order's pages lead with: cancelled wins over any payment, then the payment's own. */
export function orderStateOf(order: Pick<Order, 'status' | 'paymentStatus'>): OrderState {
  if (order.status === 'cancelled') return 'cancelled';
  if (order.paymentStatus === 'failed') return 'failed';
  if (order.paymentStatus === 'pending') return 'pending';
  if (order.paymentStatus === 'cod_due') return order.status === 'pending' ? 'cod_awaiting' : 'cod';
  return 'paid';
}

const headlines: Record<OrderState, string> = {
  paid: orderStateTexts.paidHeadline,
  cancelled: orderStateTexts.cancelledHeadline,
  failed: orderStateTexts.failedHeadline,
  pending: orderStateTexts.pendingHeadline,
  cod: orderStateTexts.codHeadline,
  cod_awaiting: orderStateTexts.codAwaitingHeadline,
};

export function orderHeadline(order: Pick<Order, 'status' | 'paymentStatus'>): string {
  return headlines[orderStateOf(order)];
}

/** The sentence under the headline: what happened to the order and its money. */
export function OrderStateText({ order }: { order: Order }) {
  const state = orderStateOf(order);
  if (state === 'cancelled') {
    const refund =
      order.refundedPaise > 0
        ? orderStateTexts.refunded(formatRupeesExact(order.refundedPaise / 100))
        : order.refundStatus
          ? orderStateTexts.refundUnderway
          : '';
    return (
      <p className="order-state order-state--cancelled">{`${orderStateTexts.cancelled} ${refund}`.trim()}</p>
    );
  }
  if (state === 'failed') return <p className="order-state order-state--failed">{orderStateTexts.failed}</p>;
  if (state === 'pending') return <p className="order-state">{orderStateTexts.pending}</p>;
  if (state === 'cod_awaiting') {
    const text =
      order.codAdvance === 'due'
        ? orderStateTexts.codAwaitingAdvance(formatRupeesExact(order.codAdvancePaise / 100))
        : orderStateTexts.codAwaiting;
    return <p className="order-state">{text}</p>;
  }
  if (state === 'cod') {
    // docs/product.md#part-paid-cod: an advance paid online is not paid again in cash.
    const amount = formatRupeesExact(order.codCashPaise / 100);
    return <p className="order-state">{orderStateTexts.cod(amount, orderStatusLabel(order.status))}</p>;
  }
  return <p className="order-state">{orderStateTexts.status(orderStatusLabel(order.status))}</p>;
}
