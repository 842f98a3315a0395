import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { webhookEvents } from '../../db/schema';
import type { RazorpayWebhookEvent } from '../../providers/razorpay/types';

/** One signed delivery: the SHA-256 of its body is what identifies it; the unsigned event id is only noted. */
export interface WebhookDelivery {
  bodySha256: string;
  eventId: string | undefined;
}

/**
 * Razorpay delivers at least once: stores the event, and says whether it was processed already. One received
 * but never processed (we failed half-way) is to be processed again.
 */
export async function receiveWebhookEvent(
  db: Database,
  delivery: WebhookDelivery,
  event: RazorpayWebhookEvent,
): Promise<'new' | 'duplicate'> {
  const [inserted] = await db
    .insert(webhookEvents)
    .values({
      bodySha256: delivery.bodySha256,
      eventId: delivery.eventId,
      provider: 'razorpay',
      event: event.event,
      payload: event,
    })
    .onConflictDoNothing()
    .returning({ bodySha256: webhookEvents.bodySha256 });
  if (inserted) return 'new';
  const [known] = await db
    .select({ processedAt: webhookEvents.processedAt })
    .from(webhookEvents)
    .where(eq(webhookEvents.bodySha256, delivery.bodySha256));
  return known?.processedAt ? 'duplicate' : 'new';
}

export async function markWebhookProcessed(db: Database, delivery: WebhookDelivery): Promise<void> {
  await db
    .update(webhookEvents)
    .set({ processedAt: sql`now()` })
    .where(eq(webhookEvents.bodySha256, delivery.bodySha256));
}
