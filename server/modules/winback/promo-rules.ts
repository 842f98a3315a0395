import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { promoCapFreesAt, promoCapReached } from '../../../contracts/winback-rules';
import type { Database } from '../../db/client';
import { checkoutReminders, type promoChannels, stockNotifyRequests, users } from '../../db/schema';
import { type JobPayloads, jobQueues } from '../../job-queues';
import { whatsappReachable } from '../whatsapp/channel';
import { type ConsentRow, consentOf } from '../whatsapp/consent';

// docs/product.md#promo-rules: what every promotional message obeys, whatever it is about: the shopper's channel,
// the quiet hours (contracts/winback-rules.ts) and the per-shopper cap.

export type PromoChannel = (typeof promoChannels)[number];

export interface PromoAddress {
  channel: PromoChannel;
  to: string;
}

export interface PromoShopper {
  email: string | null;
  phone: string | null;
  phoneVerified: boolean;
  /** Whether the shop has WhatsApp now, and the shopper's marketing consent on it. */
  whatsapp?: { available: boolean; consent: Pick<ConsentRow, 'optedIn' | 'phone'> | undefined };
}

/**
 * docs/product.md#promo-rules: the ONE decision of the channel a promotional message goes by: e-mail or SMS when
 * the shopper chose it and it is still reachable; else WhatsApp with the shopper's marketing consent while the
 * shop has it (the same test as order updates'); else e-mail, else SMS to a verified mobile; none without any.
 * The quiet hours and the cap are checked before, whatever the channel.
 */
export function marketingChannelOf(shopper: PromoShopper, preferred?: PromoChannel): PromoAddress | null {
  const email = shopper.email ? { channel: 'email' as const, to: shopper.email } : null;
  const sms = shopper.phone && shopper.phoneVerified ? { channel: 'sms' as const, to: shopper.phone } : null;
  const consent = shopper.whatsapp?.consent;
  const whatsapp =
    shopper.whatsapp &&
    consent &&
    whatsappReachable({ whatsappAvailable: shopper.whatsapp.available, consent })
      ? { channel: 'whatsapp' as const, to: consent.phone }
      : null;
  if (preferred === 'sms' && sms) return sms;
  if (preferred === 'email' && email) return email;
  return whatsapp ?? email ?? sms;
}

/** The channel a promotional message falls back to when its WhatsApp message failed: e-mail, else SMS. */
export function marketingFallbackOf(shopper: PromoShopper): PromoAddress | null {
  return marketingChannelOf({ ...shopper, whatsapp: undefined });
}

/** The shopper's addresses, and their WhatsApp marketing consent when the shop has WhatsApp. */
export async function shopperAddressOf(db: Database, userId: string, whatsappAvailable = false) {
  const [user] = await db
    .select({
      email: users.email,
      phone: users.phone,
      phoneVerified: sql<boolean>`${users.phoneVerifiedAt} is not null`,
      firstName: users.firstName,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return undefined;
  const consent = whatsappAvailable ? await consentOf(db, userId, 'marketing') : undefined;
  return { ...user, whatsapp: { available: whatsappAvailable, consent } };
}

/**
 * Promotional messages to one shopper are decided one at a time (a transaction-scoped lock), so two jobs at once
 * cannot both pass the cap.
 */
export async function lockShopperPromos(tx: Database, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`promo:${userId}`}))`);
}

const WEEK_MS = 7 * 24 * 3600_000;

/** When each promotional message of the last 7 days went to the shopper (a message going counts as sent). */
export async function promoSentTimes(db: Database, userId: string, now: Date): Promise<Date[]> {
  const since = new Date(now.getTime() - WEEK_MS);
  const reminders = await db
    .select({ at: checkoutReminders.sentAt })
    .from(checkoutReminders)
    .where(
      and(
        eq(checkoutReminders.userId, userId),
        inArray(checkoutReminders.status, ['sending', 'sent']),
        gt(checkoutReminders.sentAt, since),
      ),
    );
  const notices = await db
    .select({ at: stockNotifyRequests.toldAt })
    .from(stockNotifyRequests)
    .where(
      and(
        eq(stockNotifyRequests.userId, userId),
        isNotNull(stockNotifyRequests.toldAt),
        gt(stockNotifyRequests.toldAt, since),
      ),
    );
  return [...reminders, ...notices].flatMap((row) => (row.at ? [row.at] : []));
}

export async function promoCapOf(db: Database, userId: string, now: Date) {
  const sent = await promoSentTimes(db, userId, now);
  return { reached: promoCapReached(sent, now), freesAt: promoCapFreesAt(sent, now) };
}

/** docs/architecture.md#winback: the WhatsApp message of a reminder or a notice, one per reminder / request. */
export const marketingMessageKey = {
  reminder: (reminderId: string) => `checkout_reminder:${reminderId}`,
  notice: (requestId: string) => `back_in_stock:${requestId}`,
};

/**
 * The job that sends a failed marketing WhatsApp message by e-mail or SMS instead (it claims the fallback first),
 * or none for a message that is no reminder or notice.
 */
export function marketingFallbackJobOf(message: {
  id: string;
  kind: string;
  dedupeKey: string;
}):
  | { queue: typeof jobQueues.sendCheckoutReminder; data: JobPayloads['checkout.reminder'] }
  | { queue: typeof jobQueues.sendBackInStock; data: JobPayloads['stock.back-in-stock'] }
  | null {
  const [prefix, id] = message.dedupeKey.split(':');
  if (!id) return null;
  if (message.kind === 'checkout_reminder' && prefix === 'checkout_reminder') {
    return { queue: jobQueues.sendCheckoutReminder, data: { reminderId: id, fallbackOf: message.id } };
  }
  if (message.kind === 'back_in_stock' && prefix === 'back_in_stock') {
    return { queue: jobQueues.sendBackInStock, data: { requestId: id, fallbackOf: message.id } };
  }
  return null;
}
