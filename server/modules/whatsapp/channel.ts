import type { ConsentRow } from './consent';

// docs/product.md#whatsapp: the one place that decides which channel an event goes by for a shopper. Other
// message kinds (failed deliveries, reminders) ask it too, with their purpose's consent.

export type MessageChannel = 'whatsapp' | 'email' | 'sms' | 'none';

export interface ChannelFacts {
  /** Whether this shop has WhatsApp at all (configured, or its simulator outside production). */
  whatsappAvailable: boolean;
  consent: Pick<ConsentRow, 'optedIn' | 'phone'> | undefined;
  contact: { email: string; phone: string };
  /** The event's WhatsApp message already failed (or went unanswered): it goes the other way. */
  whatsappFailed?: boolean;
}

/**
 * WhatsApp for a shopper who chose it (while the shop has it and it has not failed for this event); otherwise
 * e-mail, or SMS for a shopper with no e-mail. Exactly one channel per event.
 */
export function channelFor(facts: ChannelFacts): MessageChannel {
  if (!facts.whatsappFailed && whatsappReachable(facts)) return 'whatsapp';
  if (facts.contact.email) return 'email';
  if (facts.contact.phone) return 'sms';
  return 'none';
}

/**
 * The one test of WhatsApp for a purpose: the shop has it, and the shopper's consent for that purpose stands for
 * a number. Order updates (above) and marketing (docs/product.md#promo-rules) both ask it.
 */
export function whatsappReachable(facts: Pick<ChannelFacts, 'whatsappAvailable' | 'consent'>): boolean {
  return facts.whatsappAvailable && !!facts.consent?.optedIn && !!facts.consent.phone;
}
