import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { promoCapFreesAt, promoCapReached } from '../../../contracts/winback-rules';
import type { Database } from '../../db/client';
import { checkoutReminders, stockNotifyRequests, users } from '../../db/schema';

// docs/product.md#promo-rules: what every promotional message obeys, whatever it is about: the shopper's channel,
// the quiet hours (contracts/winback-rules.ts) and the per-shopper cap.

export type PromoChannel = 'email' | 'sms';

export interface PromoAddress {
  channel: PromoChannel;
  to: string;
}

/**
 * docs/product.md#promo-rules: the ONE decision of the channel a promotional message goes by: the one the shopper
 * chose when it is still reachable, else e-mail, else SMS to a verified mobile; none without either. (WhatsApp,
 * with its marketing consent, is decided here too once it exists.)
 */
export function marketingChannelOf(
  shopper: { email: string | null; phone: string | null; phoneVerified: boolean },
  preferred?: PromoChannel,
): PromoAddress | null {
  const email = shopper.email ? { channel: 'email' as const, to: shopper.email } : null;
  const sms = shopper.phone && shopper.phoneVerified ? { channel: 'sms' as const, to: shopper.phone } : null;
  if (preferred === 'sms' && sms) return sms;
  return email ?? sms;
}

export async function shopperAddressOf(db: Database, userId: string) {
  const [user] = await db
    .select({
      email: users.email,
      phone: users.phone,
      phoneVerified: sql<boolean>`${users.phoneVerifiedAt} is not null`,
      firstName: users.firstName,
    })
    .from(users)
    .where(eq(users.id, userId));
  return user;
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
