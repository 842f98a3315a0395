import { messages } from './messages';

export type PhoneResult = { ok: true; phone: string } | { ok: false; message: string };

function keepDigitsAndPlus(input: string): string {
  return input.replace(/[^\d+]/g, '');
}

const MOBILE_FIRST_DIGITS = /^[6-9]/;

/** Each digit one more (or one less) than the last, wrapping 9 to 0: 9876543210, 6789012345. */
function isStraightRun(digits: string): boolean {
  return [1, 9].some((step) =>
    [...digits].every(
      (digit, index) => index === 0 || Number(digit) === (Number(digits[index - 1]) + step) % 10,
    ),
  );
}

/**
 * docs/product.md#phone-and-email: an Indian mobile starts with 6, 7, 8 or 9, and a number made of one digit
 * or of a straight run is a fake. Nothing else is refused: carriers sell patterned "VIP" numbers to real people.
 */
export function isPlausibleMobile(digits: string): boolean {
  return MOBILE_FIRST_DIGITS.test(digits) && !/^(\d)\1*$/.test(digits) && !isStraightRun(digits);
}

function asMobile(digits: string): PhoneResult {
  return isPlausibleMobile(digits)
    ? { ok: true, phone: digits }
    : { ok: false, message: messages.phoneNotMobile };
}

/**
 * docs/product.md#phone-and-email (login, signup, checkout): strip everything but digits and plus; accept +91 and 10 digits,
 * exactly 10 digits, or 11 digits starting with 0; the 10 digits must be a plausible mobile; return them.
 */
export function normalizeIndianPhone(input: string): PhoneResult {
  const cleaned = keepDigitsAndPlus(input);
  if (/^\+91\d{10}$/.test(cleaned)) return asMobile(cleaned.slice(3));
  if (/^\d{10}$/.test(cleaned)) return asMobile(cleaned);
  if (/^0\d{10}$/.test(cleaned)) return asMobile(cleaned.slice(1));
  return { ok: false, message: messages.phoneTenDigits };
}

/** docs/product.md#phone-and-email (sending an OTP by phone): +91 and 10 digits, or 10 digits. */
export function normalizeOtpPhone(input: string): PhoneResult {
  const cleaned = keepDigitsAndPlus(input.trim());
  if (cleaned === '') return { ok: false, message: messages.phoneRequired };
  if (/^\+91\d{10}$/.test(cleaned)) return asMobile(cleaned.slice(3));
  if (/^\d{10}$/.test(cleaned)) return asMobile(cleaned);
  return { ok: false, message: messages.phoneOtpFormat };
}

/** docs/product.md#phone-and-email: an identifier with an at-sign is an e-mail, otherwise a mobile number. */
export function isEmailIdentifier(identifier: string): boolean {
  return identifier.includes('@');
}
