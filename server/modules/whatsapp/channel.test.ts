import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { channelFor } from './channel';

const base = {
  whatsappAvailable: true,
  consent: { optedIn: true, phone: '9812345678' },
  contact: { email: 'a@b.in', phone: '9812345678' },
};

describe('which channel an event goes by', () => {
  it('WhatsApp only for a shopper opted in, while the shop has it and it did not fail', () => {
    expect(channelFor(base)).toBe('whatsapp');
    expect(channelFor({ ...base, consent: undefined })).toBe('email');
    expect(channelFor({ ...base, consent: { optedIn: false, phone: '9812345678' } })).toBe('email');
    expect(channelFor({ ...base, whatsappAvailable: false })).toBe('email');
    expect(channelFor({ ...base, whatsappFailed: true })).toBe('email');
    expect(channelFor({ ...base, whatsappFailed: true, contact: { email: '', phone: '9812345678' } })).toBe(
      'sms',
    );
    expect(channelFor({ ...base, consent: undefined, contact: { email: '', phone: '' } })).toBe('none');
  });

  it('is always exactly one channel, and WhatsApp never without consent', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.option(fc.record({ optedIn: fc.boolean(), phone: fc.constantFrom('', '9812345678') })),
        fc.constantFrom('', 'a@b.in'),
        fc.constantFrom('', '9812345678'),
        fc.boolean(),
        (whatsappAvailable, consent, email, phone, whatsappFailed) => {
          const channel = channelFor({
            whatsappAvailable,
            consent: consent ?? undefined,
            contact: { email, phone },
            whatsappFailed,
          });
          if (channel === 'whatsapp') {
            expect(whatsappAvailable && consent?.optedIn && !whatsappFailed).toBe(true);
          }
          if (channel === 'sms') expect(email).toBe('');
          if (channel === 'none') expect(email + phone).toBe('');
        },
      ),
    );
  });
});
