import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEmailIdentifier, isPlausibleMobile, normalizeIndianPhone, normalizeOtpPhone } from './phone';

const tenDigits = fc.stringMatching(/^\d{10}$/);
const mobileDigits = fc.stringMatching(/^[6-9]\d{9}$/).filter(isPlausibleMobile);
const phoneMessage = 'Phone number must be exactly 10 digits (e.g., 9876543211)';
const notMobileMessage = 'Please enter a valid Indian mobile number: 10 digits starting with 6, 7, 8 or 9.';
const repeatedMessage =
  'This number is one digit repeated, which we do not accept as a real mobile. Please enter your own mobile number.';
const runMessage =
  'This number is a straight run of digits (like 98765 43210), which we do not accept as a real mobile. Please enter your own mobile number.';

describe('normalizeIndianPhone (docs/product.md#phone-and-email)', () => {
  it.each([
    ['9876543211', '9876543211'],
    ['+919876543211', '9876543211'],
    ['+91 98765 43211', '9876543211'],
    ['+91-98765-43211', '9876543211'],
    ['09876543211', '9876543211'],
    ['(098) 7654-3211', '9876543211'],
    ['919876543211', '9876543211'],
    ['91 98765 43211', '9876543211'],
    ['0 98765-43211', '9876543211'],
    ['9198765432', '9198765432'],
  ])('accepts %s as %s', (input, phone) => {
    expect(normalizeIndianPhone(input)).toEqual({ ok: true, phone });
  });

  it.each([
    '',
    '987654321',
    '98765432101',
    '929876543211',
    '+9198765432',
    '+1 9876543210',
    '19876543210',
    'abc',
  ])('refuses %j with the spec message', (input) => {
    expect(normalizeIndianPhone(input)).toEqual({ ok: false, message: phoneMessage });
  });

  it('gives back the same 10 digits from every accepted form', () => {
    fc.assert(
      fc.property(mobileDigits, (digits) => {
        for (const form of [
          digits,
          `+91${digits}`,
          `0${digits}`,
          `91${digits}`,
          `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`,
          `${digits.slice(0, 5)}-${digits.slice(5)}`,
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

describe('isPlausibleMobile (docs/product.md#phone-and-email)', () => {
  // docs/product.md#phone-and-email: each refusal says its own reason. "98765 43210" starts with 9 and has ten
  // digits: it is refused as a straight run, and told so, not as a number that is no mobile.
  it.each([
    ['0000000000', notMobileMessage],
    ['1111111111', notMobileMessage],
    ['1234567890', notMobileMessage],
    ['5123456789', notMobileMessage],
    ['0987654321', notMobileMessage],
    ['2223334445', notMobileMessage],
    ['9999999999', repeatedMessage],
    ['6666666666', repeatedMessage],
    ['9876543210', runMessage],
    ['98765 43210', runMessage],
    ['6789012345', runMessage],
    ['7890123456', runMessage],
    ['8765432109', runMessage],
  ])('refuses %s saying why', (typed, message) => {
    const digits = typed.replace(/\D/g, '');
    expect(isPlausibleMobile(digits)).toBe(false);
    expect(normalizeIndianPhone(typed)).toEqual({ ok: false, message });
    expect(normalizeOtpPhone(typed)).toEqual({ ok: false, message });
  });

  it.each(['9876543211', '9898989898', '9000000000', '6000000001', '7777777778', '8123456789', '9123456780'])(
    'accepts the real-looking %s, patterned or not',
    (digits) => {
      expect(isPlausibleMobile(digits)).toBe(true);
    },
  );

  it('refuses a number that starts with 0 to 5 in every accepted form', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-5]\d{9}$/), (digits) => {
        for (const form of [digits, `+91${digits}`, `0${digits}`]) {
          expect(normalizeIndianPhone(form)).toEqual({ ok: false, message: notMobileMessage });
        }
      }),
    );
  });

  it('accepts every 10-digit number from 6 to 9 that is neither one digit nor a straight run', () => {
    fc.assert(
      fc.property(tenDigits, (digits) => {
        const oneDigit = new Set(digits).size === 1;
        const steps = [...digits]
          .slice(1)
          .map((digit, index) => (Number(digit) - Number(digits[index]) + 10) % 10);
        const run = steps.every((step) => step === 1) || steps.every((step) => step === 9);
        expect(isPlausibleMobile(digits)).toBe(/^[6-9]/.test(digits) && !oneDigit && !run);
      }),
    );
  });
});

describe('normalizeOtpPhone (docs/product.md#phone-and-email)', () => {
  it('requires a phone', () => {
    expect(normalizeOtpPhone('  ')).toEqual({ ok: false, message: 'Phone number is required' });
  });

  it.each([
    ['9876543211', '9876543211'],
    ['+919876543211', '9876543211'],
    ['+91 98765-43211', '9876543211'],
    ['919876543211', '9876543211'],
    ['09876543211', '9876543211'],
  ])('accepts %s, as every form does', (input, phone) => {
    expect(normalizeOtpPhone(input)).toEqual({ ok: true, phone });
    expect(normalizeIndianPhone(input)).toEqual({ ok: true, phone });
  });

  it.each(['98765', '+1 9876543210', '929876543211'])('refuses %s with the OTP format message', (input) => {
    expect(normalizeOtpPhone(input)).toEqual({
      ok: false,
      message: 'Invalid phone number format. Please use +91 98765 43211 or a 10-digit number',
    });
  });

  it('gives examples that are valid mobiles', async () => {
    const { messages } = await import('./messages');
    for (const message of [messages.phoneTenDigits, messages.phoneOtpFormat]) {
      const example = /(\+91 )?\d[\d ]+\d/.exec(message)?.[0] ?? '';
      expect(normalizeIndianPhone(example).ok).toBe(true);
    }
  });
});

describe('isEmailIdentifier (docs/product.md#phone-and-email)', () => {
  it('treats an identifier with an at-sign as an e-mail', () => {
    expect(isEmailIdentifier('asha@example.in')).toBe(true);
    expect(isEmailIdentifier('9876543210')).toBe(false);
  });
});
