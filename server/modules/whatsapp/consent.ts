import { and, eq, inArray, sql } from 'drizzle-orm';
import type { WhatsAppConsent } from '../../../contracts/whatsapp';
import {
  type WhatsAppConsentSource,
  type WhatsAppConsentStatus,
  type WhatsAppPurpose,
  whatsappMessages,
  whatsappPurposes,
} from '../../../contracts/whatsapp-rules';
import type { Database } from '../../db/client';
import { users, whatsappConsents } from '../../db/schema';
import { AppError } from '../../errors';

// docs/product.md#whatsapp-consent: off until the shopper ticks it; each change keeps when and how.

export type ConsentRow = typeof whatsappConsents.$inferSelect;

export async function consentOf(
  db: Database,
  userId: string,
  purpose: WhatsAppPurpose = 'order_updates',
): Promise<ConsentRow | undefined> {
  const [row] = await db
    .select()
    .from(whatsappConsents)
    .where(and(eq(whatsappConsents.userId, userId), eq(whatsappConsents.purpose, purpose)));
  return row;
}

/** Where the shopper stands, as the profile shows it. */
export function consentStatusOf(row: ConsentRow | undefined): WhatsAppConsentStatus {
  if (!row) return 'never';
  if (row.optedIn) return 'opted_in';
  return row.revokedVia === 'stop_reply' || row.revokedVia === 'opt_out_button' ? 'stopped' : 'opted_out';
}

/** Opts in (for this phone) or out; a repeat of the same choice changes nothing, not even its time. */
export async function recordConsent(
  db: Database,
  input: {
    userId: string;
    purpose?: WhatsAppPurpose;
    phone: string;
    optIn: boolean;
    via: WhatsAppConsentSource;
  },
): Promise<void> {
  const purpose = input.purpose ?? 'order_updates';
  const now = sql`now()`;
  if (input.optIn) {
    await db
      .insert(whatsappConsents)
      .values({
        userId: input.userId,
        purpose,
        phone: input.phone,
        optedIn: true,
        grantedAt: new Date(),
        grantedVia: input.via,
      })
      .onConflictDoUpdate({
        target: [whatsappConsents.userId, whatsappConsents.purpose],
        set: { phone: input.phone, optedIn: true, grantedAt: now, grantedVia: input.via, updatedAt: now },
        setWhere: sql`not ${whatsappConsents.optedIn} or ${whatsappConsents.phone} <> ${input.phone}`,
      });
    return;
  }
  await db
    .update(whatsappConsents)
    .set({ optedIn: false, revokedAt: now, revokedVia: input.via, updatedAt: now })
    .where(
      and(
        eq(whatsappConsents.userId, input.userId),
        eq(whatsappConsents.purpose, purpose),
        eq(whatsappConsents.optedIn, true),
      ),
    );
}

/**
 * STOP (or an opt-out button) from a number: every shopper opted in at it is opted out of those purposes (STOP:
 * all of them; a button: its template's). Returns how many consents it took back.
 */
export async function stopByPhone(
  db: Database,
  phone: string,
  via: 'stop_reply' | 'opt_out_button',
  purposes: readonly WhatsAppPurpose[] = whatsappPurposes,
): Promise<number> {
  const now = sql`now()`;
  const stopped = await db
    .update(whatsappConsents)
    .set({ optedIn: false, revokedAt: now, revokedVia: via, updatedAt: now })
    .where(
      and(
        eq(whatsappConsents.phone, phone),
        inArray(whatsappConsents.purpose, [...purposes]),
        eq(whatsappConsents.optedIn, true),
      ),
    )
    .returning({ userId: whatsappConsents.userId });
  return stopped.length;
}

async function phoneOfUser(db: Database, userId: string): Promise<string | null> {
  const [user] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  return user?.phone || null;
}

/**
 * docs/product.md#whatsapp-consent: the checkout's box ticked: the shopper opts in for their mobile, before the
 * order is made, so its first message already goes by WhatsApp. Without a mobile nothing is recorded.
 */
export async function recordCheckoutConsent(db: Database, userId: string): Promise<void> {
  const phone = await phoneOfUser(db, userId);
  if (phone) await recordConsent(db, { userId, phone, optIn: true, via: 'checkout' });
}

/** A profile box (order updates, or reminders and offers): in for the account's mobile (refused without one), or out. */
export async function setProfileConsent(
  db: Database,
  userId: string,
  optIn: boolean,
  purpose: WhatsAppPurpose = 'order_updates',
): Promise<void> {
  if (!optIn) {
    await recordConsent(db, { userId, purpose, phone: '', optIn: false, via: 'profile' });
    return;
  }
  const phone = await phoneOfUser(db, userId);
  if (!phone) throw new AppError('invalid', whatsappMessages.noMobile);
  await recordConsent(db, { userId, purpose, phone, optIn: true, via: 'profile' });
}

/** What the profile shows. */
export async function consentViewOf(db: Database, userId: string): Promise<WhatsAppConsent> {
  const row = await consentOf(db, userId);
  const status = consentStatusOf(row);
  const message =
    status === 'opted_in' && row
      ? whatsappMessages.optedIn(`+91 ${row.phone}`)
      : status === 'stopped'
        ? whatsappMessages.stopped
        : whatsappMessages.optedOut;
  const marketingRow = await consentOf(db, userId, 'marketing');
  const marketingStatus = consentStatusOf(marketingRow);
  return {
    status,
    phone: status === 'opted_in' && row ? row.phone : null,
    message,
    changedAt: row ? row.updatedAt.toISOString() : null,
    marketing: {
      status: marketingStatus,
      message:
        marketingStatus === 'opted_in' && marketingRow
          ? whatsappMessages.marketingOptedIn(`+91 ${marketingRow.phone}`)
          : marketingStatus === 'stopped'
            ? whatsappMessages.marketingStopped
            : whatsappMessages.marketingOptedOut,
      changedAt: marketingRow ? marketingRow.updatedAt.toISOString() : null,
    },
  };
}
