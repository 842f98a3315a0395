import { and, eq, inArray, sql } from 'drizzle-orm';
import { paymentMessages } from '../../../contracts/orders';
import type { Database } from '../../db/client';
import { cartLines, orderItems, orders, payments } from '../../db/schema';
import { AppError } from '../../errors';
import { type Jobs, jobQueues } from '../../plugins/jobs';
import type { RazorpayPayment } from '../../providers/razorpay/types';
import { enqueueShipmentJob } from '../shipping/enqueue-shipment';
import { payingPaymentOf, recordPayment } from './payment-records';
import { type ChangeSource, recordChanges } from './status-history';

type OrderRow = typeof orders.$inferSelect;

/** A payment pays an order only if it was made against that very Razorpay order, in full, in its currency. */
export function paymentPaysOrder(
  payment: RazorpayPayment,
  order: Pick<OrderRow, 'razorpayOrderId' | 'totalPaise' | 'currency'>,
): boolean {
  return (
    order.razorpayOrderId !== null &&
    payment.order_id === order.razorpayOrderId &&
    payment.amount === order.totalPaise &&
    payment.currency === order.currency
  );
}

export interface ConfirmResult {
  order: OrderRow;
  /** False when an earlier report (the browser, a webhook, the reconciler) had already confirmed it. */
  newlyPaid: boolean;
}

/**
 * The one place an order becomes paid (DESIGN.md "Money flow"): in one transaction, under the order's row
 * lock, it records the captured payment, confirms the order, removes the ordered lines from the cart and
 * enqueues the shipment and the e-mail. The browser's report, the webhook and the reconciler all end here,
 * in any order and any number of times, and the order is paid once.
 */
export async function confirmPaidOrder(
  db: Database,
  jobs: Pick<Jobs, 'send'>,
  input: { orderId: string; payment: RazorpayPayment; source: ChangeSource },
): Promise<ConfirmResult> {
  const { payment, source } = input;
  if (payment.status !== 'captured')
    throw new Error(`payment ${payment.id} is ${payment.status}, not captured`);
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order) throw new AppError('not_found', paymentMessages.orderNotFound);
    if (!paymentPaysOrder(payment, order)) throw new AppError('invalid', paymentMessages.notForThisOrder);

    const [before] = await tx
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.razorpayPaymentId, payment.id));
    const recorded = await recordPayment(tx, order.id, payment, source);
    if (order.paymentStatus !== 'pending' && order.paymentStatus !== 'failed') {
      // Razorpay lets the shopper pay one order more than once. Under the order's lock, a payment newly
      // captured for an order another payment paid already is stray: it goes back to the shopper in full.
      const newlyCaptured = before?.status !== 'captured' && before?.status !== 'refunded';
      const paying = await payingPaymentOf(tx, order.id, recorded.id);
      if (newlyCaptured && paying) {
        // Dated now, so that the first-recorded rule of payingPaymentOf keeps naming the paying payment even
        // when this one's row is older (a late capture of a failed attempt, or a transaction that began first).
        await tx
          .update(payments)
          .set({ createdAt: sql`clock_timestamp()` })
          .where(eq(payments.id, recorded.id));
        await jobs.send(
          tx,
          jobQueues.refundStrayPayment,
          { paymentId: recorded.id },
          { singletonKey: recorded.id },
        );
      }
      return { order, newlyPaid: false };
    }
    // The shopper cancelled the unpaid order before the money arrived: it stays cancelled, and what it now
    // owes is refunded (no shipment, no cart change, no 'confirmed' e-mail).
    if (order.status === 'cancelled' && order.paymentStatus === 'pending') {
      const [owing] = await tx
        .update(orders)
        .set({ paymentStatus: 'paid', paidAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(orders.id, order.id))
        .returning();
      if (!owing) throw new Error(`order ${order.id} vanished while recording its payment`);
      await recordChanges(tx, source, [
        {
          entity: 'order',
          entityId: order.id,
          field: 'paymentStatus',
          from: order.paymentStatus,
          to: 'paid',
        },
      ]);
      await jobs.send(tx, jobQueues.refundCancelledOrder, { orderId: order.id });
      return { order: owing, newlyPaid: false };
    }

    // An order the reconciler gave up on is still the shopper's if the money arrives after all.
    const [paid] = await tx
      .update(orders)
      .set({ status: 'confirmed', paymentStatus: 'paid', paidAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id))
      .returning();
    if (!paid) throw new Error(`order ${order.id} vanished while being confirmed`);
    await recordChanges(tx, source, [
      { entity: 'order', entityId: order.id, field: 'status', from: order.status, to: 'confirmed' },
      { entity: 'order', entityId: order.id, field: 'paymentStatus', from: order.paymentStatus, to: 'paid' },
    ]);
    await removeOrderedLinesFromCart(tx, order);
    await enqueueShipmentJob(tx, jobs, order.id);
    await jobs.send(tx, jobQueues.sendOrderEmail, { orderId: order.id, kind: 'confirmed' });
    return { order: paid, newlyPaid: true };
  });
}

async function removeOrderedLinesFromCart(tx: Database, order: OrderRow) {
  const items = await tx
    .select({ productId: orderItems.productId, size: orderItems.size })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  if (items.length === 0) return;
  await tx.delete(cartLines).where(
    and(
      eq(cartLines.userId, order.userId),
      inArray(
        sql`${cartLines.productId} || ':' || ${cartLines.size}`,
        items.map((item) => `${item.productId}:${item.size}`),
      ),
    ),
  );
}
