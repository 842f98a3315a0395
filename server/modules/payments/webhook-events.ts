import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { webhookEvents } from '../../db/schema';
import type { RazorpayWebhookEvent } from '../../providers/razorpay/types';

/**
 * Razorpay delivers at least once: stores the event, and says whether it was processed already. One received
 * but never processed (we failed half-way) is to be processed again.
 */
export async function receiveWebhookEvent(
  db: Database,
  eventId: string,
  event: RazorpayWebhookEvent,
): Promise<'new' | 'duplicate'> {
  const [inserted] = await db
    .insert(webhookEvents)
    .values({ eventId, provider: 'razorpay', event: event.event, payload: event })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  if (inserted) return 'new';
  const [known] = await db
    .select({ processedAt: webhookEvents.processedAt })
    .from(webhookEvents)
    .where(eq(webhookEvents.eventId, eventId));
  return known?.processedAt ? 'duplicate' : 'new';
}

export async function markWebhookProcessed(db: Database, eventId: string): Promise<void> {
  await db.update(webhookEvents).set({ processedAt: sql`now()` }).where(eq(webhookEvents.eventId, eventId));
}
