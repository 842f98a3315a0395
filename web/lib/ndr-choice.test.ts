import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages';
import { ndrMessages } from '../../contracts/ndr-rules';
import { reattemptChoice } from './ndr-choice';

// docs/product.md#failed-deliveries: the re-attempt's fields as the shopper's page and the console's dialog check them.

const offered = { dates: ['2026-12-09', '2026-12-10', '2026-12-11'], phone: '9876543211' };

describe('reattemptChoice', () => {
  it('sends the day alone when the phone stays and no landmark is given', () => {
    expect(
      reattemptChoice(offered, { date: '2026-12-10', phone: '+91 98765 43211', addressLine: '   ' }),
    ).toEqual({
      ok: true,
      choice: { action: 'reattempt', date: '2026-12-10' },
    });
  });

  it('sends a changed phone as its ten digits and the landmark trimmed', () => {
    expect(
      reattemptChoice(offered, {
        date: '2026-12-11',
        phone: '091234 56780',
        addressLine: ' Near the temple ',
      }),
    ).toEqual({
      ok: true,
      choice: {
        action: 'reattempt',
        date: '2026-12-11',
        phone: '9123456780',
        addressLine: 'Near the temple',
      },
    });
  });

  it('says every refused field at once', () => {
    expect(
      reattemptChoice(offered, { date: '2026-12-12', phone: '12345', addressLine: 'x'.repeat(101) }),
    ).toEqual({
      ok: false,
      errors: {
        date: ndrMessages.dateNotOffered,
        phone: messages.phoneTenDigits,
        addressLine: ndrMessages.addressLineTooLong,
      },
    });
  });

  it('sends only an offered day, never a phone that is not a mobile, never a line past 100 characters', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...offered.dates), fc.string()),
        fc.oneof(fc.constant(offered.phone), fc.stringMatching(/^[0-9 +]{0,14}$/)),
        fc.string({ maxLength: 120 }),
        (date, phone, addressLine) => {
          const checked = reattemptChoice(offered, { date, phone, addressLine });
          if (!checked.ok) return;
          expect(offered.dates).toContain(checked.choice.date);
          if (checked.choice.phone !== undefined) {
            expect(checked.choice.phone).toMatch(/^[6-9]\d{9}$/);
            expect(checked.choice.phone).not.toBe(offered.phone);
          }
          if (checked.choice.addressLine !== undefined) {
            expect(checked.choice.addressLine.length).toBeGreaterThan(0);
            expect(checked.choice.addressLine.length).toBeLessThanOrEqual(100);
            expect(checked.choice.addressLine).toBe(checked.choice.addressLine.trim());
          }
        },
      ),
    );
  });
});
