import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { adminOrderMessages } from '../../contracts/admin-orders';
import { formatRupeesExact } from '../../contracts/format';
import type { OrderEmailKind } from '../../contracts/orders';
import type { Database } from '../db/client';
import { orderNotes, orders, staffRefunds } from '../db/schema';
import { AppError } from '../errors';
import { jobQueues } from '../job-queues';
import { refundablePaiseOf } from '../modules/admin-orders/order-detail';
import { sentOrderMessageKinds } from '../modules/admin-orders/sent-messages';
import type { StaffActor } from '../modules/audit/audit-log';
import { recordAudit } from '../modules/audit/audit-log';
import { issueCreditNoteForRefund } from '../modules/invoices/credit-note-for-refund';
import { shipmentRetryRefusal } from '../modules/orders/lifecycle';
import { isOrderId } from '../modules/orders/order-view';
import {
  applyOrderEvent,
  type LockedOrder,
  lockOrder,
  previewOrderEvent,
} from '../modules/orders/order-writer';
import { recordRefund } from '../modules/payments/refund-records';
import { RazorpayError } from '../providers/razorpay/client';
import { type CancelDeps, cancelOrderForShop } from './cancel-order';
import type { PaymentDeps } from './deps';
import { orderEventOf } from './refunds';

// docs/architecture.md#console-orders-api: the console's actions on an order. Each goes through the order
// lifecycle under the order's locks and writes its audit row in the transaction that makes the change.

const rupees = (paise: number) => formatRupeesExact(paise / 100);
const notFound = () => new AppError('not_found', adminOrderMessages.orderNotFound);

async function lockOrThrow(tx: Database, orderId: string): Promise<LockedOrder> {
  const locked = isOrderId(orderId) ? await lockOrder(tx, orderId) : undefined;
  if (!locked) throw notFound();
  return locked;
}

function stateOf(locked: LockedOrder) {
  return { status: locked.state.status, paymentStatus: locked.state.paymentStatus };
}

/** Cancel with a full refund, before pickup (the shopper's own cancel rules). */
export async function cancelFromConsole(deps: CancelDeps, orderId: string, actor: StaffActor) {
  let cancelledNow = false;
  const outcome = await cancelOrderForShop(deps, orderId, async (tx, before, after) => {
    cancelledNow = true;
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'order.cancel',
      entityType: 'order',
      entityId: orderId,
      before: { status: before.status, paymentStatus: before.paymentStatus },
      after: { status: after.status, paymentStatus: after.paymentStatus },
      ipAddress: actor.ipAddress,
    });
  });
  return {
    message: cancelledNow ? adminOrderMessages.cancelled : adminOrderMessages.alreadyCancelled,
    outcome,
  };
}

/**
 * Razorpay's X-Refund-Idempotency for a console refund: derived from the order and the request's own key, so
 * the same request sent twice (a double click, a retried script) asks Razorpay for the same refund.
 */
export function consoleRefundKey(orderId: string, requestKey: string): string {
  return `console-${createHash('sha256').update(`${orderId}:${requestKey}`).digest('hex').slice(0, 40)}`;
}

export interface RefundRequest {
  orderId: string;
  amountPaise: number;
  reason: string;
  requestKey: string;
}

/**
 * A partial (or full) refund of what is left on the order's payment. Under the order's locks, so two refunds
 * at once cannot together give back more than was paid; Razorpay is asked while the locks are held, and its
 * refund, the order's change and the audit row commit together. The same request again refunds nothing more.
 */
export async function refundFromConsole(deps: PaymentDeps, request: RefundRequest, actor: StaffActor) {
  const key = consoleRefundKey(request.orderId, request.requestKey);
  return deps.db.transaction(async (tx) => {
    const locked = await lockOrThrow(tx, request.orderId);
    const [earlier] = await tx.select().from(staffRefunds).where(eq(staffRefunds.idempotencyKey, key));
    if (earlier) {
      if (earlier.amountPaise !== request.amountPaise) {
        throw new AppError('conflict', adminOrderMessages.refundKeyReused);
      }
      return { message: adminOrderMessages.refundRepeated, repeated: true };
    }
    const paying = locked.payments.find((row) => row.status === 'captured' || row.status === 'refunded');
    const refundablePaise = paying ? await refundablePaiseOf(tx, paying.id, paying.amountPaise) : 0;
    const event = { type: 'refund_requested' as const, amountPaise: request.amountPaise, refundablePaise };
    const decision = previewOrderEvent(locked, event);
    if (decision.outcome === 'refused' || !paying) {
      if (decision.outcome === 'refused' && decision.reason === 'exceeds_refundable') {
        throw new AppError(
          'conflict',
          refundablePaise === 0
            ? adminOrderMessages.nothingLeft
            : adminOrderMessages.exceedsRefundable(rupees(refundablePaise)),
        );
      }
      const fullyRefunded = locked.state.paymentStatus === 'refunded';
      throw new AppError(
        'conflict',
        fullyRefunded ? adminOrderMessages.nothingLeft : adminOrderMessages.notPaid,
      );
    }
    const before = stateOf(locked);
    await applyOrderEvent(locked, deps.jobs, event, 'shop');
    const refund = await deps.razorpay.client
      .refundPayment(paying.razorpayPaymentId, {
        amount: request.amountPaise,
        idempotencyKey: key,
        // The same body on every retry: Razorpay refuses a reused key with a different request.
        notes: { order_id: request.orderId, reason: request.reason.slice(0, 250) },
      })
      .catch((error: unknown) => {
        if (!(error instanceof RazorpayError)) throw error;
        deps.log.warn({ err: error, orderId: request.orderId }, 'console refund refused or not made');
        if (error.kind === 'unavailable')
          throw new AppError('upstream_failed', adminOrderMessages.razorpayUnavailable);
        throw new AppError('upstream_failed', adminOrderMessages.refundRefusedByRazorpay);
      });
    // Before the credit note: it reads the staff's reason from this row.
    await tx.insert(staffRefunds).values({
      idempotencyKey: key,
      orderId: request.orderId,
      staffId: actor.staffId,
      amountPaise: request.amountPaise,
      reason: request.reason,
      razorpayRefundId: refund.id,
    });
    const recorded = await recordRefund(tx, refund, 'shop');
    if (recorded?.changed) await issueCreditNoteForRefund(tx, recorded, refund);
    const settled = recorded?.changed ? orderEventOf(recorded) : undefined;
    if (settled) await applyOrderEvent(locked, deps.jobs, settled, 'shop');
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'order.refund',
      entityType: 'order',
      entityId: request.orderId,
      before,
      after: {
        ...stateOf(locked),
        refund: { razorpayRefundId: refund.id, amountPaise: request.amountPaise, reason: request.reason },
      },
      ipAddress: actor.ipAddress,
    });
    return { message: adminOrderMessages.refunded(rupees(request.amountPaise)), repeated: false };
  });
}

const retryRefusals = {
  not_shippable: adminOrderMessages.shipmentNotShippable,
  waits_for_stock: adminOrderMessages.shipmentWaitsForStock,
  cancelled_by_courier: adminOrderMessages.shipmentCancelledByCourier,
  already_booked: adminOrderMessages.shipmentAlreadyBooked,
} as const;

/**
 * Queues the shipment job again (it resumes where the last run stopped: docs/architecture.md#durable-work),
 * keyed by the order so that only one booking runs at a time.
 */
export async function retryShipmentFromConsole(deps: PaymentDeps, orderId: string, actor: StaffActor) {
  return deps.db.transaction(async (tx) => {
    const locked = await lockOrThrow(tx, orderId);
    // The rule the console's order reply offers the button by (allowedActions).
    const refusal = shipmentRetryRefusal(locked.state);
    if (refusal) throw new AppError('conflict', retryRefusals[refusal]);
    const queued = await deps.jobs.send(tx, jobQueues.createShipment, { orderId }, { singletonKey: orderId });
    if (!queued) throw new AppError('conflict', adminOrderMessages.shipmentRetryRunning);
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'order.shipment_retry',
      entityType: 'order',
      entityId: orderId,
      before: { shipmentStage: locked.state.shipmentStage },
      after: { queued: jobQueues.createShipment },
      ipAddress: actor.ipAddress,
    });
    return { message: adminOrderMessages.shipmentRetryQueued };
  });
}

/** Sends an order message again that was sent before; one resend of a kind queued at a time. */
export async function resendOrderEmailFromConsole(
  deps: PaymentDeps & { publicUrl: string },
  orderId: string,
  kind: OrderEmailKind,
  actor: StaffActor,
) {
  return deps.db.transaction(async (tx) => {
    const locked = await lockOrThrow(tx, orderId);
    if (!(await sentOrderMessageKinds(tx, locked.order, deps.publicUrl)).includes(kind)) {
      throw new AppError('conflict', adminOrderMessages.emailNeverSent);
    }
    await deps.jobs.send(
      tx,
      jobQueues.sendOrderEmail,
      // A key of its own, so a message sent on WhatsApp goes again (docs/product.md#whatsapp).
      { orderId, kind, messageKey: `resend:${randomUUID()}` },
      { singletonKey: `resend-${orderId}-${kind}` },
    );
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'order.email_resend',
      entityType: 'order',
      entityId: orderId,
      after: { kind },
      ipAddress: actor.ipAddress,
    });
    return { message: adminOrderMessages.emailResent };
  });
}

export interface NoteRequest {
  orderId: string;
  body: string;
  requestKey: string;
}

/**
 * Adds an internal note once per Idempotency-Key: the same request again (a double click, a retry after a
 * timeout) answers as the first did; the key with another body is refused. The insert does nothing on the
 * (order, key) index, so two copies racing each other add one note.
 */
export async function addNoteFromConsole(db: Database, request: NoteRequest, actor: StaffActor) {
  const { orderId, body, requestKey } = request;
  return db.transaction(async (tx) => {
    const [order] = isOrderId(orderId)
      ? await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId))
      : [];
    if (!order) throw notFound();
    const [note] = await tx
      .insert(orderNotes)
      .values({ orderId, staffId: actor.staffId, body, requestKey })
      .onConflictDoNothing({ target: [orderNotes.orderId, orderNotes.requestKey] })
      .returning({ id: orderNotes.id });
    if (!note) {
      const [earlier] = await tx
        .select({ body: orderNotes.body })
        .from(orderNotes)
        .where(and(eq(orderNotes.orderId, orderId), eq(orderNotes.requestKey, requestKey)));
      if (earlier?.body !== body) throw new AppError('conflict', adminOrderMessages.noteKeyReused);
      return { message: adminOrderMessages.noteAdded, repeated: true };
    }
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'order.note',
      entityType: 'order',
      entityId: orderId,
      after: { noteId: note.id, body },
      ipAddress: actor.ipAddress,
    });
    return { message: adminOrderMessages.noteAdded, repeated: false };
  });
}
