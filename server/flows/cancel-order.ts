import { eq } from 'drizzle-orm';
import { formatRupees } from '../../contracts/format';
import { cancelMessages, type Order, paymentMessages } from '../../contracts/orders';
import type { Database } from '../db/client';
import { orders, shipments } from '../db/schema';
import { AppError } from '../errors';
import type { ChangeSource } from '../modules/history/status-history';
import { type CancelRequester, decide, type OrderState, orderStateOf } from '../modules/orders/lifecycle';
import { findUserOrder, isOrderId, toOrderViews } from '../modules/orders/order-view';
import { applyOrderEvent, lockOrder } from '../modules/orders/order-writer';
import { markShipmentCancelled } from '../modules/shipping/shipment-records';
import { RazorpayError } from '../providers/razorpay/client';
import { type ShiprocketClient, ShiprocketError } from '../providers/shiprocket/client';
import type { PaymentDeps } from './deps';
import { reconcileOrder } from './reconcile-payments';
import { refundCancelledOrder } from './refunds';

export interface CancelDeps extends PaymentDeps {
  shiprocket: Pick<ShiprocketClient, 'cancelOrders'>;
}

export interface CancelOutcome {
  message: string;
  order: Order;
}

type OrderRow = typeof orders.$inferSelect;
/** Runs in the transaction that cancels the order, with its state before and after. */
export type OnCancelled = (tx: Database, before: OrderState, after: OrderState) => Promise<void>;
type ShipmentRow = typeof shipments.$inferSelect;

const notFound = () => new AppError('not_found', paymentMessages.orderNotFound);
const sourceOf: Record<CancelRequester, ChangeSource> = { shopper: 'shopper', shop: 'shop' };

/** A pending order may have been paid a moment ago: ask Razorpay first, so that a paid order gets its refund. */
async function settleIfPending(deps: CancelDeps, order: OrderRow): Promise<OrderRow> {
  if (order.status !== 'pending' || order.paymentStatus !== 'pending') return order;
  // Best effort: money arriving after the cancellation still reaches the order and is refunded.
  await reconcileOrder(deps, order).catch((error: unknown) => {
    deps.log.warn({ err: error, orderId: order.id }, 'payment re-check before cancelling failed');
  });
  const [fresh] = await deps.db.select().from(orders).where(eq(orders.id, order.id));
  return fresh ?? order;
}

/**
 * Cancels the parcel at Shiprocket and records it. Shiprocket is the judge of "picked up" (our stage may lag
 * behind its scans): it refuses once the courier has the parcel. Repeating a cancel is harmless.
 */
async function stopParcel(deps: CancelDeps, shipment: ShipmentRow, source: ChangeSource) {
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
  await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, shipment.orderId);
    if (!locked?.shipment || locked.shipment.stage === 'cancelled') return;
    await markShipmentCancelled(tx, locked.shipment.id);
    await applyOrderEvent(locked, deps.jobs, { type: 'parcel_stopped' }, source);
  });
}

/**
 * Cancels the order under its locks, so that of two requests at once one cancels and the other finds it
 * cancelled; the lifecycle queues the e-mail and the refund job with the change.
 */
async function markCancelled(
  deps: CancelDeps,
  orderId: string,
  by: CancelRequester,
  onCancelled: OnCancelled | undefined,
): Promise<'cancelled' | 'already_cancelled' | 'parcel_live'> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    if (!locked) throw notFound();
    const wasCancelled = locked.state.status === 'cancelled';
    const before = locked.state;
    const decision = await applyOrderEvent(locked, deps.jobs, { type: 'cancel_requested', by }, sourceOf[by]);
    if (decision.outcome === 'applied') {
      if (wasCancelled) return 'already_cancelled';
      await onCancelled?.(tx, before, decision.next);
      return 'cancelled';
    }
    if (decision.reason === 'after_pickup') throw new AppError('conflict', cancelMessages.afterPickup);
    // The shipment job booked a parcel since we looked: it must be stopped at the courier first.
    return 'parcel_live';
  });
}

async function cancelBeforePickup(
  deps: CancelDeps,
  order: OrderRow,
  by: CancelRequester,
  onCancelled: OnCancelled | undefined,
) {
  // Cancelled already: nothing to stop, but an abandoned checkout still records the shopper's word.
  if (order.status === 'cancelled') {
    await markCancelled(deps, order.id, by, onCancelled);
    return;
  }
  // A second pass only when the shipment job booked a parcel between our look and our lock.
  for (let pass = 1; pass <= 2; pass++) {
    const [shipment] = await deps.db.select().from(shipments).where(eq(shipments.orderId, order.id));
    const preview = decide(orderStateOf(order, shipment), { type: 'cancel_requested', by });
    if (preview.outcome === 'refused' && preview.reason === 'after_pickup') {
      throw new AppError('conflict', cancelMessages.afterPickup);
    }
    if (shipment && shipment.stage !== 'cancelled') await stopParcel(deps, shipment, sourceOf[by]);
    if ((await markCancelled(deps, order.id, by, onCancelled)) !== 'parcel_live') return;
  }
  throw new AppError('conflict', cancelMessages.bookingInProgress);
}

/**
 * Refunds what the cancelled order still owes, now, so the reply can say so. When Razorpay cannot be asked, the
 * order stays cancelled with its money owed (`refundStatus: 'scheduled'`), and the refund job queued with the
 * cancellation (or a later request) makes the refund with the same idempotency key.
 */
async function refundWhatIsOwed(deps: CancelDeps, orderId: string, source: ChangeSource) {
  const outcome = await refundCancelledOrder(deps, orderId, source).catch((error: unknown) => {
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
  // What was taken: the payment, or a COD order's advance (docs/product.md#part-paid-cod).
  const taken = order.paidPaise;
  if (taken > 0 && order.refundedPaise >= taken) return cancelMessages.refunded(rupees(order.refundedPaise));
  if (order.refundStatus === 'pending' || order.refundStatus === 'scheduled') {
    return cancelMessages.refundStarted(rupees(taken - order.refundedPaise));
  }
  return cancelMessages.cancelled;
}

/**
 * Cancels an order until the courier picks the parcel up: stops the parcel at Shiprocket, cancels the order
 * and refunds the payment in full (docs/product.md#cancellation). Cancelling a cancelled order answers the
 * same again, and refunds nothing twice.
 */
export async function cancelOrder(
  deps: CancelDeps,
  userId: string,
  orderId: string,
  by: CancelRequester = 'shopper',
  /** Runs in the cancelling transaction (a WhatsApp button's token spent); a throw leaves the order as it was. */
  onCancelled?: OnCancelled,
): Promise<CancelOutcome> {
  const found = await findUserOrder(deps.db, userId, orderId);
  if (!found) throw notFound();
  return cancelFoundOrder(deps, found, by, onCancelled);
}

/**
 * The shop cancels an order (the owner's console): the same rules and refund as a shopper's cancel;
 * `onCancelled` runs in the transaction that cancels it (the audit row), and not when it was cancelled already.
 */
export async function cancelOrderForShop(
  deps: CancelDeps,
  orderId: string,
  onCancelled: OnCancelled,
): Promise<CancelOutcome> {
  const [found] = isOrderId(orderId) ? await deps.db.select().from(orders).where(eq(orders.id, orderId)) : [];
  if (!found) throw notFound();
  return cancelFoundOrder(deps, found, 'shop', onCancelled);
}

async function cancelFoundOrder(
  deps: CancelDeps,
  found: OrderRow,
  by: CancelRequester,
  onCancelled: OnCancelled | undefined,
): Promise<CancelOutcome> {
  await cancelBeforePickup(deps, await settleIfPending(deps, found), by, onCancelled);
  await refundWhatIsOwed(deps, found.id, sourceOf[by]);

  const [row] = await deps.db.select().from(orders).where(eq(orders.id, found.id));
  const [order] = row ? await toOrderViews(deps.db, [row]) : [];
  if (!order) throw notFound();
  return { message: cancelledMessage(order), order };
}
