import type { OrderEvent } from '../modules/orders/lifecycle';
import type { RecordedRefund } from '../modules/payments/refund-records';

/** What a recorded refund means for its order; a stray payment's refund matters only when it fails. */
export function orderEventOf(recorded: RecordedRefund): OrderEvent | undefined {
  if (recorded.status === 'failed') {
    return {
      type: 'refund_failed',
      paymentId: recorded.paymentId,
      attempts: recorded.failedAttempts,
      stray: recorded.stray,
    };
  }
  if (recorded.stray) return recorded.status === 'processed' ? { type: 'stray_refund_settled' } : undefined;
  if (recorded.status === 'pending') return { type: 'refund_started' };
  return { type: 'refund_settled', fullyRefunded: recorded.fullyRefunded, refundId: recorded.refundId };
}
