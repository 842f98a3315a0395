import type { ContactType } from '../../providers/razorpayx/types';
import { badRequest } from '../razorpay/errors';
import { amountField, bodyOf, currencyField, notesField, onlyFields } from '../razorpay/request-fields';
import type { NewPayout } from './store';

// The composite payout to a VPA as RazorpayX checks it. Where RazorpayX publishes the rule (mode in capitals,
// the purposes, the key's 4-36 characters) it is kept; the wording of most refusals is the simulator's.

const PURPOSES = ['refund', 'cashback', 'payout', 'salary', 'utility bill', 'vendor bill'];
const CONTACT_TYPES: ContactType[] = ['customer', 'vendor', 'employee', 'self'];
const VPA = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z]{2,64}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?\d{8,15}$/;
const NARRATION = /^[A-Za-z0-9 ]{1,30}$/;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_\- ]{4,36}$/;

export const IDEMPOTENCY_HEADER = 'X-Payout-Idempotency';

/** The header's key; RazorpayX has required it on every payout since 15 March 2025. */
export function idempotencyKeyOf(value: string | string[] | undefined): string {
  const key = Array.isArray(value) ? value[0] : value;
  if (key === undefined || key === '') {
    throw badRequest(
      'Idempotency key is missing. Include idempotency header and key in the request.',
      IDEMPOTENCY_HEADER,
    );
  }
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw badRequest(
      'The idempotency key must be 4 to 36 characters: alphabets, numbers, hyphens, underscores and spaces.',
      IDEMPOTENCY_HEADER,
    );
  }
  return key;
}

function objectField(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest(`The ${field} field is required.`, field);
  }
  return value as Record<string, unknown>;
}

function optionalText(
  value: unknown,
  field: string,
  rule?: { pattern: RegExp; message: string },
): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw badRequest(`The ${field} must be a string.`, field);
  if (rule && !rule.pattern.test(value)) throw badRequest(rule.message, field);
  return value;
}

/** The payout a valid body asks for, and whether it may wait for money; a 400 for anything else. */
export function payoutRequestOf(
  raw: unknown,
  accountNumber: string,
): { payout: NewPayout; queueIfLowBalance: boolean } {
  const body = bodyOf(raw);
  onlyFields(body, [
    'account_number',
    'amount',
    'currency',
    'mode',
    'purpose',
    'fund_account',
    'queue_if_low_balance',
    'reference_id',
    'narration',
    'notes',
  ]);
  if (body.account_number === undefined || body.account_number === '') {
    throw badRequest('The account number field is required.', 'account_number');
  }
  if (String(body.account_number) !== accountNumber) {
    throw badRequest('The account number is invalid.', 'account_number');
  }
  const amount = amountField(body.amount, true);
  currencyField(body.currency);
  // Modes are case-sensitive: "upi" is refused.
  if (body.mode !== 'UPI') throw badRequest('The selected mode is invalid.', 'mode');
  if (typeof body.purpose !== 'string' || !PURPOSES.includes(body.purpose)) {
    throw badRequest('The selected purpose is invalid.', 'purpose');
  }
  const fundAccount = objectField(body.fund_account, 'fund_account');
  if (fundAccount.account_type !== 'vpa') {
    throw badRequest('The selected account type is invalid.', 'fund_account.account_type');
  }
  const vpa = objectField(fundAccount.vpa, 'fund_account.vpa');
  if (typeof vpa.address !== 'string' || !VPA.test(vpa.address)) {
    throw badRequest('Invalid VPA. Please enter a valid Virtual Payment Address', 'fund_account.vpa.address');
  }
  const contact = objectField(fundAccount.contact, 'fund_account.contact');
  const name = typeof contact.name === 'string' ? contact.name.trim() : '';
  if (name.length < 3 || name.length > 50) {
    throw badRequest('The name must be between 3 and 50 characters.', 'fund_account.contact.name');
  }
  const type = contact.type ?? 'customer';
  if (!CONTACT_TYPES.includes(type as ContactType)) {
    throw badRequest('The selected type is invalid.', 'fund_account.contact.type');
  }
  const queue = body.queue_if_low_balance;
  if (queue !== undefined && typeof queue !== 'boolean') {
    throw badRequest('The queue if low balance field must be true or false.', 'queue_if_low_balance');
  }
  const referenceId = optionalText(body.reference_id, 'reference_id');
  if (referenceId !== null && referenceId.length > 40) {
    throw badRequest('The reference id may not be greater than 40 characters.', 'reference_id');
  }
  return {
    queueIfLowBalance: queue === true,
    payout: {
      amount,
      purpose: body.purpose,
      vpa: vpa.address,
      contact: {
        name,
        email: optionalText(contact.email, 'fund_account.contact.email', {
          pattern: EMAIL,
          message: 'The email must be a valid email address.',
        }),
        contact: optionalText(contact.contact, 'fund_account.contact.contact', {
          pattern: PHONE,
          message: 'The contact must be a valid phone number.',
        }),
        type: type as ContactType,
        reference_id: optionalText(contact.reference_id, 'fund_account.contact.reference_id'),
      },
      referenceId,
      narration: optionalText(body.narration, 'narration', {
        pattern: NARRATION,
        message: 'The narration may only contain alphabets, numbers and spaces, at most 30 of them.',
      }),
      notes: notesField(body.notes),
    },
  };
}
