import { eq, sql } from 'drizzle-orm';
import { orders, webhookEvents } from '../../db/schema';
import type { RazorpayWebhookEvent } from '../../providers/razorpay/types';
import { recordPayment } from './payment-records';
import { recordRefund } from './refund-records';
import { type PaymentDeps, settlePayment } from './settle-payment';

/**
 * DESIGN.md "Money flow" step 4. Razorpay delivers at least once and in any order: an event already
 * processed is acknowledged and skipped; one received but not processed (we failed half-way) is processed
 * again. Every step below is idempotent on its own.
 */
export async function handleRazorpayEvent(
  deps: PaymentDeps,
  eventId: string,
  event: RazorpayWebhookEvent,
): Promise<'processed' | 'duplicate'> {
  const [inserted] = await deps.db
    .insert(webhookEvents)
    .values({ eventId, provider: 'razorpay', event: event.event, payload: event })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  if (!inserted) {
    const [known] = await deps.db
      .select({ processedAt: webhookEvents.processedAt })
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, eventId));
    if (known?.processedAt) return 'duplicate';
  }

  await processEvent(deps, event);
  await deps.db
    .update(webhookEvents)
    .set({ processedAt: sql`now()` })
    .where(eq(webhookEvents.eventId, eventId));
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
      const orderId = payment.order_id;
      // The order stays pending: Checkout lets the shopper try again in the same window.
      await deps.db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(orders)
          .where(eq(orders.razorpayOrderId, orderId))
          .for('update');
        if (order) await recordPayment(tx, order.id, payment, 'webhook');
      });
      return;
    }
    case 'refund.processed':
    case 'refund.failed': {
      const refund = event.payload.refund?.entity;
      if (refund) await deps.db.transaction((tx) => recordRefund(tx, refund, 'webhook', deps.jobs));
      return;
    }
    default:
      deps.log.info({ event: event.event }, 'Razorpay event not used');
  }
}
