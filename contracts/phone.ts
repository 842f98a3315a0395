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
 * docs/product.md#phone-and-email, the one place a typed number is read (every form and the API): strip
 * everything but digits and plus; accept 10 digits, or them after +91, 91 or a leading 0; the 10 digits must be
 * a plausible mobile; return them.
 */
export function normalizeIndianPhone(input: string): PhoneResult {
  const digits = tenDigitsOf(keepDigitsAndPlus(input));
  return digits === undefined ? { ok: false, message: messages.phoneTenDigits } : asMobile(digits);
}

function tenDigitsOf(cleaned: string): string | undefined {
  return /^(?:\+91|91|0)?(\d{10})$/.exec(cleaned)?.[1];
}

/** docs/product.md#phone-and-email (sending an OTP by phone): the same forms, with the OTP's own messages. */
export function normalizeOtpPhone(input: string): PhoneResult {
  const cleaned = keepDigitsAndPlus(input.trim());
  if (cleaned === '') return { ok: false, message: messages.phoneRequired };
  const digits = tenDigitsOf(cleaned);
  return digits === undefined ? { ok: false, message: messages.phoneOtpFormat } : asMobile(digits);
}

/** docs/product.md#phone-and-email: an identifier with an at-sign is an e-mail, otherwise a mobile number. */
export function isEmailIdentifier(identifier: string): boolean {
  return identifier.includes('@');
}
