import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { marketingChannelOf, marketingFallbackJobOf, marketingFallbackOf } from './promo-rules';

// docs/product.md#promo-rules: the one choice of a promotional message's channel.

const shopper = {
  email: 'a@b.in',
  phone: '9812345678',
  phoneVerified: true,
  whatsapp: { available: true, consent: { optedIn: true, phone: '9812345678' } },
};

describe("a promotional message's channel", () => {
  it('is WhatsApp with the marketing consent while the shop has it, else e-mail, else SMS', () => {
    expect(marketingChannelOf(shopper)).toEqual({ channel: 'whatsapp', to: '9812345678' });
    expect(
      marketingChannelOf({ ...shopper, whatsapp: { ...shopper.whatsapp, available: false } })?.channel,
    ).toBe('email');
    expect(
      marketingChannelOf({
        ...shopper,
        whatsapp: { available: true, consent: { optedIn: false, phone: '9812345678' } },
      })?.channel,
    ).toBe('email');
    expect(marketingChannelOf({ ...shopper, whatsapp: undefined })?.channel).toBe('email');
    expect(marketingChannelOf(shopper, 'sms')?.channel).toBe('sms');
    expect(marketingChannelOf(shopper, 'email')?.channel).toBe('email');
    expect(marketingChannelOf({ ...shopper, email: null }, 'email')?.channel).toBe('whatsapp');
    expect(marketingFallbackOf(shopper)?.channel).toBe('email');
    expect(marketingFallbackOf({ ...shopper, email: null })?.channel).toBe('sms');
    expect(marketingFallbackOf({ ...shopper, email: null, phoneVerified: false })).toBeNull();
  });

  it('is never WhatsApp without the consent and the channel, and a fallback is never WhatsApp', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(null, 'a@b.in'),
        fc.constantFrom(null, '9812345678'),
        fc.boolean(),
        fc.boolean(),
        fc.option(fc.record({ optedIn: fc.boolean(), phone: fc.constantFrom('', '9812345678') })),
        fc.constantFrom(undefined, 'email' as const, 'sms' as const, 'whatsapp' as const),
        (email, phone, phoneVerified, available, consent, preferred) => {
          const facts = {
            email,
            phone,
            phoneVerified,
            whatsapp: { available, consent: consent ?? undefined },
          };
          const chosen = marketingChannelOf(facts, preferred);
          if (chosen?.channel === 'whatsapp') {
            expect(available && consent?.optedIn && consent.phone !== '').toBe(true);
          }
          if (chosen === null) expect(!email && !(phone && phoneVerified)).toBe(true);
          expect(marketingFallbackOf(facts)?.channel).not.toBe('whatsapp');
        },
      ),
    );
  });

  it("names the fallback job of a reminder's or a notice's failed message, none for another", () => {
    expect(
      marketingFallbackJobOf({ id: 'm1', kind: 'checkout_reminder', dedupeKey: 'checkout_reminder:r1' }),
    ).toEqual({ queue: 'checkout.reminder', data: { reminderId: 'r1', fallbackOf: 'm1' } });
    expect(
      marketingFallbackJobOf({ id: 'm2', kind: 'back_in_stock', dedupeKey: 'back_in_stock:n1' }),
    ).toEqual({
      queue: 'stock.back-in-stock',
      data: { requestId: 'n1', fallbackOf: 'm2' },
    });
    expect(
      marketingFallbackJobOf({ id: 'm3', kind: 'order_confirmed', dedupeKey: 'order:o1:confirmed' }),
    ).toBeNull();
  });
});
