import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  type WhatsAppPurpose,
  whatsappPayloads,
  whatsappPurposes,
  whatsappStopWords,
} from '../../contracts/whatsapp-rules';
import { orders, whatsappInbound } from '../db/schema';
import { AppError } from '../errors';
import { orderOfCodConfirmToken, spendCodConfirmToken } from '../modules/cod/confirm-links';
import { awaitsCodConfirmation } from '../modules/orders/lifecycle';
import { stopByPhone } from '../modules/whatsapp/consent';
import { markAnswered, messageOfOrder } from '../modules/whatsapp/messages';
import type { CancelDeps } from './cancel-order';
import { cancelOrder } from './cancel-order';
import { confirmCodByWhatsApp } from './cod-orders';

// docs/product.md#whatsapp-cod, #whatsapp-consent: what a shopper's WhatsApp reply does. Each reply is handled
// once (its row is marked with the outcome); a retried job finds it handled.

export type ReplyOutcome =
  | 'confirmed'
  | 'cancelled'
  | 'stopped'
  | 'not_awaiting'
  | 'unknown_token'
  | 'not_this_order'
  | 'ignored';

type InboundRow = typeof whatsappInbound.$inferSelect;

async function answerCodButton(deps: CancelDeps, reply: InboundRow, payload: string): Promise<ReplyOutcome> {
  const confirm = payload.startsWith(whatsappPayloads.codConfirmPrefix);
  const token = payload.slice(
    (confirm ? whatsappPayloads.codConfirmPrefix : whatsappPayloads.codCancelPrefix).length,
  );
  const orderId = await orderOfCodConfirmToken(deps.db, token);
  // Spent (the other button, or a second tap), expired or made up: nothing happens.
  if (!orderId) return 'unknown_token';
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  // The tap must come from the order's own number, on the message we sent for that order.
  const message = reply.contextId ? await messageOfOrder(deps.db, reply.contextId, orderId) : undefined;
  if (!order || !message || message.recipient !== reply.fromPhone) return 'not_this_order';
  if (!awaitsCodConfirmation(order)) return 'not_awaiting';
  try {
    if (confirm) {
      await confirmCodByWhatsApp(deps, orderId, token);
      await markAnswered(deps.db, message.id);
      return 'confirmed';
    }
    if (!order.userId) return 'not_this_order';
    await cancelOrder(deps, order.userId, orderId, 'shopper', async (tx) => {
      if ((await spendCodConfirmToken(tx, token)) !== orderId) {
        throw new AppError('invalid', 'This button has been used already.');
      }
    });
    await markAnswered(deps.db, message.id);
    return 'cancelled';
  } catch (error) {
    // The other tap won the race, or the order moved on: a refusal, not a failure to retry.
    if (error instanceof AppError && (error.kind === 'invalid' || error.kind === 'conflict'))
      return 'not_awaiting';
    throw error;
  }
}

/**
 * docs/product.md#whatsapp-consent: what a reply takes back: STOP every purpose, "Stop updates" the order updates,
 * "Stop offers" the marketing; anything else nothing.
 */
function purposesStopped(reply: InboundRow): readonly WhatsAppPurpose[] {
  if (reply.kind === 'button') {
    if (reply.payload === whatsappPayloads.optOut) return ['order_updates'];
    if (reply.payload === whatsappPayloads.optOutMarketing) return ['marketing'];
    return [];
  }
  const word = reply.text.trim().toUpperCase();
  return reply.kind === 'text' && (whatsappStopWords as readonly string[]).includes(word)
    ? whatsappPurposes
    : [];
}

/** The `whatsapp.inbound` job: a button tap or a text, handled once. */
export async function handleWhatsAppReply(
  deps: CancelDeps,
  wamid: string,
): Promise<ReplyOutcome | undefined> {
  const [reply] = await deps.db
    .select()
    .from(whatsappInbound)
    .where(and(eq(whatsappInbound.wamid, wamid), isNull(whatsappInbound.handledAt)));
  if (!reply) return undefined;
  let outcome: ReplyOutcome = 'ignored';
  const payload = reply.payload ?? '';
  if (
    reply.kind === 'button' &&
    (payload.startsWith(whatsappPayloads.codConfirmPrefix) ||
      payload.startsWith(whatsappPayloads.codCancelPrefix))
  ) {
    outcome = await answerCodButton(deps, reply, payload);
  } else {
    const purposes = purposesStopped(reply);
    if (purposes.length > 0) {
      const via = reply.kind === 'button' ? 'opt_out_button' : 'stop_reply';
      await stopByPhone(deps.db, reply.fromPhone, via, purposes);
      outcome = 'stopped';
    }
  }
  await deps.db
    .update(whatsappInbound)
    .set({ handledAt: sql`now()`, outcome })
    .where(eq(whatsappInbound.wamid, wamid));
  return outcome;
}
