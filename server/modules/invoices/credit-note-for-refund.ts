import type { Database } from '../../db/client';
import type { RecordedRefund } from '../payments/refund-records';
import { issueCreditNote } from './issue-documents';

/**
 * docs/product.md#gst-invoices: money given back on the payment that paid an order gets a credit note once
 * Razorpay reports the refund processed (a cancellation's full refund and the console's partial ones alike).
 * A stray second payment was never invoiced, so its refund gets none. The caller holds the order's locks.
 */
export async function issueCreditNoteForRefund(
  tx: Database,
  recorded: RecordedRefund,
  refund: { id: string; amount: number },
): Promise<void> {
  if (recorded.stray || recorded.status !== 'processed') return;
  await issueCreditNote(
    tx,
    { orderId: recorded.orderId, razorpayRefundId: refund.id, amountPaise: refund.amount },
    new Date(),
  );
}
