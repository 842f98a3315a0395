import { messages } from './messages';

export type PhoneResult = { ok: true; phone: string } | { ok: false; message: string };

function keepDigitsAndPlus(input: string): string {
  return input.replace(/[^\d+]/g, '');
}

/**
 * docs/product.md#phone-and-email (login, signup, checkout): strip everything but digits and plus; accept +91 and 10 digits,
 * exactly 10 digits, or 11 digits starting with 0; return the bare 10 digits.
 */
export function normalizeIndianPhone(input: string): PhoneResult {
  const cleaned = keepDigitsAndPlus(input);
  if (/^\+91\d{10}$/.test(cleaned)) return { ok: true, phone: cleaned.slice(3) };
  if (/^\d{10}$/.test(cleaned)) return { ok: true, phone: cleaned };
  if (/^0\d{10}$/.test(cleaned)) return { ok: true, phone: cleaned.slice(1) };
  return { ok: false, message: messages.phoneTenDigits };
}

/** docs/product.md#phone-and-email (sending an OTP by phone): +91 and 10 digits, or 10 digits. */
export function normalizeOtpPhone(input: string): PhoneResult {
  const cleaned = keepDigitsAndPlus(input.trim());
  if (cleaned === '') return { ok: false, message: messages.phoneRequired };
  if (/^\+91\d{10}$/.test(cleaned)) return { ok: true, phone: cleaned.slice(3) };
  if (/^\d{10}$/.test(cleaned)) return { ok: true, phone: cleaned };
  return { ok: false, message: messages.phoneOtpFormat };
}

/** docs/product.md#phone-and-email: an identifier with an at-sign is an e-mail, otherwise a mobile number. */
export function isEmailIdentifier(identifier: string): boolean {
  return identifier.includes('@');
}
