import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEmailIdentifier, normalizeIndianPhone, normalizeOtpPhone } from './phone';

const tenDigits = fc.stringMatching(/^\d{10}$/);
const phoneMessage = 'Phone number must be exactly 10 digits (e.g., 1234567890)';

describe('normalizeIndianPhone (docs/product.md#phone-and-email)', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['+91-98765-43210', '9876543210'],
    ['09876543210', '9876543210'],
    ['(098) 7654-3210', '9876543210'],
  ])('accepts %s as %s', (input, phone) => {
    expect(normalizeIndianPhone(input)).toEqual({ ok: true, phone });
  });

  it.each([
    '',
    '987654321',
    '98765432101',
    '919876543210',
    '+9198765432',
    '+1 9876543210',
    '19876543210',
    'abc',
  ])('refuses %j with the spec message', (input) => {
    expect(normalizeIndianPhone(input)).toEqual({ ok: false, message: phoneMessage });
  });

  it('gives back the same 10 digits from every accepted form', () => {
    fc.assert(
      fc.property(tenDigits, (digits) => {
        for (const form of [
          digits,
          `+91${digits}`,
          `0${digits}`,
          `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`,
        ]) {
          expect(normalizeIndianPhone(form)).toEqual({ ok: true, phone: digits });
        }
      }),
    );
  });

  it('never accepts anything but 10 digits as its result', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const result = normalizeIndianPhone(input);
        return !result.ok || /^\d{10}$/.test(result.phone);
      }),
    );
  });
});

describe('normalizeOtpPhone (docs/product.md#phone-and-email)', () => {
  it('requires a phone', () => {
    expect(normalizeOtpPhone('  ')).toEqual({ ok: false, message: 'Phone number is required' });
  });

  it.each([
    ['9876543210', '9876543210'],
    ['+919876543210', '9876543210'],
  ])('accepts %s', (input, phone) => {
    expect(normalizeOtpPhone(input)).toEqual({ ok: true, phone });
  });

  it.each(['09876543210', '98765', '+1 9876543210'])('refuses %s with the OTP format message', (input) => {
    expect(normalizeOtpPhone(input)).toEqual({
      ok: false,
      message: 'Invalid phone number format. Please use +91XXXXXXXXXX or 10-digit number',
    });
  });
});

describe('isEmailIdentifier (docs/product.md#phone-and-email)', () => {
  it('treats an identifier with an at-sign as an e-mail', () => {
    expect(isEmailIdentifier('asha@example.in')).toBe(true);
    expect(isEmailIdentifier('9876543210')).toBe(false);
  });
});
