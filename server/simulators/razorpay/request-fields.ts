import { badRequest } from './errors';
import type { Notes, RefundSpeed } from './store';

// Razorpay's own validation messages for the request fields the simulated API accepts.

export type RequestBody = Record<string, unknown>;

export function bodyOf(body: unknown): RequestBody {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as RequestBody) : {};
}

export function onlyFields(body: RequestBody, allowed: readonly string[]) {
  for (const key of Object.keys(body)) {
    if (!allowed.includes(key)) throw badRequest(`${key} is/are not required and should not be sent`, key);
  }
}

export function amountField(value: unknown, required: true): number;
export function amountField(value: unknown, required: false): number | undefined;
export function amountField(value: unknown, required: boolean): number | undefined {
  if (value === undefined || value === null) {
    if (required) throw badRequest('The amount field is required.', 'amount');
    return undefined;
  }
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw badRequest('The amount must be an integer.', 'amount');
  }
  if (value < 100) throw badRequest('The amount must be at least INR 1.00', 'amount');
  return value;
}

export function currencyField(value: unknown): 'INR' {
  if (value === undefined || value === null) throw badRequest('The currency field is required.', 'currency');
  if (value !== 'INR') throw badRequest('The selected currency is invalid.', 'currency');
  return value;
}

export function receiptField(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw badRequest('The receipt must be a string.', 'receipt');
  if (value.length > 40) throw badRequest('The receipt may not be greater than 40 characters.', 'receipt');
  return value;
}

const MAX_NOTES = 15;
const MAX_NOTE_LENGTH = 256;

export function notesField(value: unknown): Notes {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return [];
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('The notes must be an object of key-value pairs.', 'notes');
  }
  const entries = Object.entries(value);
  if (entries.length > MAX_NOTES) {
    throw badRequest(`The notes may not have more than ${MAX_NOTES} items.`, 'notes');
  }
  const notes: Record<string, string> = {};
  for (const [key, note] of entries) {
    if (typeof note !== 'string' && typeof note !== 'number') {
      throw badRequest('The notes values must be strings.', 'notes');
    }
    if (String(note).length > MAX_NOTE_LENGTH) {
      throw badRequest(`The notes values may not be greater than ${MAX_NOTE_LENGTH} characters.`, 'notes');
    }
    notes[key] = String(note);
  }
  return entries.length === 0 ? [] : notes;
}

export function speedField(value: unknown): RefundSpeed {
  if (value === undefined || value === null) return 'normal';
  if (value !== 'normal' && value !== 'optimum') throw badRequest('The selected speed is invalid.', 'speed');
  return value;
}

const MIN_IDEMPOTENCY_KEY = 10;

export function idempotencyKeyHeader(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  const key = Array.isArray(value) ? value[0] : value;
  if (key === undefined || key.length < MIN_IDEMPOTENCY_KEY) {
    throw badRequest(
      `The X-Refund-Idempotency header must be at least ${MIN_IDEMPOTENCY_KEY} characters.`,
      'X-Refund-Idempotency',
    );
  }
  return key;
}
