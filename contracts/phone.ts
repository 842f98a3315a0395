import { messages } from './messages';

export type PhoneResult = { ok: true; phone: string } | { ok: false; message: string };

function keepDigitsAndPlus(input: string): string {
  return input.replace(/[^\d+]/g, '');
}

const MOBILE_FIRST_DIGITS = /^[6-9]/;

/**
 * docs/product.md#phone-and-email: why ten digits that start like a mobile are still refused, said as it is
 * (apart from contracts/messages.ts, which every page's first load carries).
 */
export const mobileMessages = {
  repeatedDigit:
    'This number is one digit repeated, which we do not accept as a real mobile. Please enter your own mobile number.',
  straightRun:
    'This number is a straight run of digits (like 98765 43210), which we do not accept as a real mobile. Please enter your own mobile number.',
} as const;

/** Every refusal of a typed mobile number: a form shows each beside its phone field. */
export const phoneRefusals: readonly string[] = [
  messages.phoneTenDigits,
  messages.phoneNotMobile,
  mobileMessages.repeatedDigit,
  mobileMessages.straightRun,
];

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
 * The message says which: undefined for a plausible mobile.
 */
function mobileProblem(digits: string): string | undefined {
  if (!MOBILE_FIRST_DIGITS.test(digits)) return messages.phoneNotMobile;
  if (/^(\d)\1*$/.test(digits)) return mobileMessages.repeatedDigit;
  if (isStraightRun(digits)) return mobileMessages.straightRun;
  return undefined;
}

export function isPlausibleMobile(digits: string): boolean {
  return mobileProblem(digits) === undefined;
}

function asMobile(digits: string): PhoneResult {
  const message = mobileProblem(digits);
  return message === undefined ? { ok: true, phone: digits } : { ok: false, message };
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
