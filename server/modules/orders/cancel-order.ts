import { and, eq, ne, sql } from 'drizzle-orm';
import { formatRupees } from '../../../contracts/format';
import { cancelMessages, type Order, paymentMessages } from '../../../contracts/orders';
import { orders, shipments } from '../../db/schema';
import { AppError } from '../../errors';
import { jobQueues } from '../../plugins/jobs';
import { RazorpayError } from '../../providers/razorpay/client';
import { type ShiprocketClient, ShiprocketError } from '../../providers/shiprocket/client';
import { reconcileOrder } from '../payments/reconcile-payments';
import type { PaymentDeps } from '../payments/settle-payment';
import { recordChanges } from '../payments/status-history';
import { isOrderPastPickup, isParcelPickedUp } from './cancellation-rule';
import { findUserOrder, owesRefund, toOrderViews } from './order-view';
import { refundCancelledOrder } from './refund-cancelled-order';

export interface CancelDeps extends PaymentDeps {
  shiprocket: Pick<ShiprocketClient, 'cancelOrders'>;
}

export interface CancelOutcome {
  message: string;
  order: Order;
}

type OrderRow = typeof orders.$inferSelect;
type ShipmentRow = typeof shipments.$inferSelect;

/** The refund job waits this long, so it normally finds the refund already made by the request itself. */
const REFUND_JOB_DELAY_SECONDS = 60;

/**
 * The shipment job's rule: a parcel is booked only for an order that is paid and not cancelled. The job must
 * check it under the order's row lock, in the transaction that records the shipment.
 */
export function mayShip(order: Pick<OrderRow, 'status' | 'paymentStatus'>): boolean {
  return order.status !== 'cancelled' && order.paymentStatus === 'paid';
}

const notFound = () => new AppError('not_found', paymentMessages.orderNotFound);

/** A pending order may have been paid a moment ago: ask Razorpay first, so that a paid order gets its refund. */
async function settleIfPending(deps: CancelDeps, order: OrderRow): Promise<OrderRow> {
  if (order.status !== 'pending' || order.paymentStatus !== 'pending') return order;
  // Best effort: money arriving after the cancellation still confirms the order (DESIGN.md "Money flow").
  await reconcileOrder(deps, order).catch((error: unknown) => {
    deps.log.warn({ err: error, orderId: order.id }, 'payment re-check before cancelling failed');
  });
  const [fresh] = await deps.db.select().from(orders).where(eq(orders.id, order.id));
  return fresh ?? order;
}

function refuseAfterPickup(order: OrderRow, shipment: ShipmentRow | undefined) {
  if (isOrderPastPickup(order) || isParcelPickedUp(shipment)) {
    throw new AppError('conflict', cancelMessages.afterPickup);
  }
}

/**
 * Cancels the parcel at Shiprocket and records it. Shiprocket is the judge of "picked up" (our stage may lag
 * behind its scans): it refuses once the courier has the parcel. Repeating a cancel is harmless.
 */
async function stopParcel(deps: CancelDeps, shipment: ShipmentRow) {
  const shiprocketOrderId = Number(shipment.shiprocketOrderId);
  if (!Number.isSafeInteger(shiprocketOrderId)) {
    throw new Error(`shipment ${shipment.id} has no numeric Shiprocket order id`);
  }
  try {
    await deps.shiprocket.cancelOrders([shiprocketOrderId]);
  } catch (error) {
    if (!(error instanceof ShiprocketError)) throw error;
    if (error.kind === 'unavailable')
      throw new AppError('upstream_failed', cancelMessages.courierUnavailable);
    deps.log.info({ orderId: shipment.orderId, reason: error.message }, 'Shiprocket refused the cancel');
    throw new AppError('conflict', cancelMessages.afterPickup);
  }
  // Its own short transaction: the tracking updates lock the shipment before the order, never the reverse.
  await deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(shipments)
      .set({ stage: 'cancelled', updatedAt: sql`now()` })
      .where(and(eq(shipments.id, shipment.id), ne(shipments.stage, 'cancelled')))
      .returning({ id: shipments.id });
    if (!changed) return;
    await recordChanges(tx, 'shopper', [
      {
        entity: 'order',
        entityId: shipment.orderId,
        field: 'shipmentStage',
        from: shipment.stage,
        to: 'cancelled',
      },
    ]);
  });
}

/**
 * Marks the order cancelled under its row lock, so that of two clicks at once one cancels and the other
 * finds it cancelled, and queues the e-mail and the refund job with the change (DESIGN.md "Durable work").
 */
async function markCancelled(
  deps: CancelDeps,
  orderId: string,
): Promise<'cancelled' | 'already_cancelled' | 'shipment_appeared'> {
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound();
    if (order.status === 'cancelled') return 'already_cancelled';
    if (isOrderPastPickup(order)) throw new AppError('conflict', cancelMessages.afterPickup);
    // The shipment job books under this same lock (see `mayShip`): a parcel booked since we looked must be
    // stopped at Shiprocket before the order may be called cancelled.
    const [shipment] = await tx
      .select({ stage: shipments.stage })
      .from(shipments)
      .where(eq(shipments.orderId, orderId));
    if (shipment && shipment.stage !== 'cancelled') return 'shipment_appeared';

    await tx.update(orders).set({ status: 'cancelled', updatedAt: sql`now()` }).where(eq(orders.id, orderId));
    await recordChanges(tx, 'shopper', [
      { entity: 'order', entityId: orderId, field: 'status', from: order.status, to: 'cancelled' },
    ]);
    // Only a paid order was confirmed to the shopper by e-mail; an unpaid checkout just goes away.
    if (order.paidAt) await deps.jobs.send(tx, jobQueues.sendOrderEmail, { orderId, kind: 'cancelled' });
    if (owesRefund({ status: 'cancelled', paymentStatus: order.paymentStatus })) {
      await deps.jobs.send(
        tx,
        jobQueues.refundCancelledOrder,
        { orderId },
        { startAfterSeconds: REFUND_JOB_DELAY_SECONDS },
      );
    }
    return 'cancelled';
  });
}

async function cancelBeforePickup(deps: CancelDeps, order: OrderRow) {
  if (order.status === 'cancelled') return;
  // A second pass only when the shipment job booked a parcel between our look and our lock.
  for (let pass = 1; pass <= 2; pass++) {
    const [shipment] = await deps.db.select().from(shipments).where(eq(shipments.orderId, order.id));
    refuseAfterPickup(order, shipment);
    if (shipment && shipment.stage !== 'cancelled') await stopParcel(deps, shipment);
    if ((await markCancelled(deps, order.id)) !== 'shipment_appeared') return;
  }
  throw new AppError('conflict', cancelMessages.bookingInProgress);
}

/**
 * Refunds what the cancelled order still owes, now, so the reply can say so. When Razorpay cannot be asked, the
 * order stays cancelled with its money owed (`refundStatus: 'scheduled'`), and the refund job queued with the
 * cancellation (or a later click) makes the refund with the same idempotency key.
 */
async function refundWhatIsOwed(deps: CancelDeps, orderId: string) {
  const outcome = await refundCancelledOrder(deps, orderId, 'shopper').catch((error: unknown) => {
    if (!(error instanceof RazorpayError)) throw error;
    deps.log.warn({ err: error, orderId }, 'refund not started; the refund job will retry it');
    return 'not_started' as const;
  });
  if (outcome === 'not_started' || outcome === 'failed') {
    throw new AppError('upstream_failed', cancelMessages.refundDelayed);
  }
}

function cancelledMessage(order: Order): string {
  const rupees = (paise: number) => formatRupees(paise / 100);
  if (order.paymentStatus === 'refunded') return cancelMessages.refunded(rupees(order.refundedPaise));
  if (order.refundStatus === 'pending' || order.refundStatus === 'scheduled') {
    return cancelMessages.refundStarted(rupees(order.totalPaise - order.refundedPaise));
  }
  return cancelMessages.cancelled;
}

/**
 * spec §7 POST /orders/cancel/{id}: until the courier picks the parcel up, stops the parcel at Shiprocket,
 * cancels the order and refunds the payment in full. Cancelling a cancelled order answers the same again,
 * and refunds nothing twice.
 */
export async function cancelOrder(deps: CancelDeps, userId: string, orderId: string): Promise<CancelOutcome> {
  const found = await findUserOrder(deps.db, userId, orderId);
  if (!found) throw notFound();
  await cancelBeforePickup(deps, await settleIfPending(deps, found));
  await refundWhatIsOwed(deps, found.id);

  const [row] = await deps.db.select().from(orders).where(eq(orders.id, found.id));
  const [order] = row ? await toOrderViews(deps.db, [row]) : [];
  if (!order) throw notFound();
  return { message: cancelledMessage(order), order };
}
