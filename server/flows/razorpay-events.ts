import { eq } from 'drizzle-orm';
import { orders } from '../db/schema';
import { applyOrderEvent, lockOrder } from '../modules/orders/order-writer';
import { recordPayment } from '../modules/payments/payment-records';
import {
  markWebhookProcessed,
  receiveWebhookEvent,
  type WebhookDelivery,
} from '../modules/payments/webhook-events';
import type { RazorpayWebhookEvent } from '../providers/razorpay/types';
import { settlePayment } from './confirm-payment';
import type { PaymentDeps } from './deps';
import { settleRefund } from './refunds';

/**
 * A signed Razorpay webhook (docs/architecture.md#money-flow). Razorpay delivers at least once and in any
 * order: an event already processed is acknowledged and skipped. Every step below is idempotent on its own.
 */
export async function handleRazorpayEvent(
  deps: PaymentDeps,
  delivery: WebhookDelivery,
  event: RazorpayWebhookEvent,
): Promise<'processed' | 'duplicate'> {
  if ((await receiveWebhookEvent(deps.db, delivery, event)) === 'duplicate') return 'duplicate';
  await processEvent(deps, event);
  await markWebhookProcessed(deps.db, delivery);
  return 'processed';
}

async function processEvent(deps: PaymentDeps, event: RazorpayWebhookEvent) {
  const payment = event.payload.payment?.entity;
  switch (event.event) {
    case 'payment.authorized':
    case 'payment.captured':
    case 'order.paid': {
      if (!payment?.order_id) return;
      const [order] = await deps.db.select().from(orders).where(eq(orders.razorpayOrderId, payment.order_id));
      if (order) await settlePayment(deps, order, payment, 'webhook');
      return;
    }
    case 'payment.failed': {
      if (!payment?.order_id) return;
      const [order] = await deps.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.razorpayOrderId, payment.order_id));
      if (!order) return;
      // The order stays pending: Checkout lets the shopper try again in the same window.
      await deps.db.transaction(async (tx) => {
        const locked = await lockOrder(tx, order.id);
        if (!locked) return;
        await recordPayment(tx, order.id, payment, 'webhook');
        await applyOrderEvent(locked, deps.jobs, { type: 'payment_failed' }, 'webhook');
      });
      return;
    }
    case 'refund.processed':
    case 'refund.failed': {
      const refund = event.payload.refund?.entity;
      if (refund) await settleRefund(deps, refund, 'webhook');
      return;
    }
    default:
      deps.log.info({ event: event.event }, 'Razorpay event not used');
  }
}
