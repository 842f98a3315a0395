import {
  NDR_ADDRESS_LINE_MAX_LENGTH,
  type NdrChoice,
  type NdrChoiceView,
  ndrMessages,
} from '../../contracts/ndr-rules';
import { normalizeIndianPhone } from '../../contracts/phone';
import { formatCalendarDay } from './deadline';
import { fillIn } from './fill-in';

// docs/product.md#failed-deliveries: a re-attempt's fields as the shopper's page and the console's dialog check
// them before sending (the server checks them again).

export interface ReattemptErrors {
  date?: string;
  phone?: string;
  addressLine?: string;
}

export interface ReattemptTyped {
  date: string;
  phone: string;
  addressLine: string;
}

/**
 * The choice to send, or why not: the day one of those offered, the phone a mobile (sent only when it differs
 * from the order's: the courier keeps that one otherwise), the landmark trimmed and within its length.
 */
export function reattemptChoice(
  offered: { dates: readonly string[]; phone: string },
  typed: ReattemptTyped,
): { ok: true; choice: NdrChoice & { action: 'reattempt' } } | { ok: false; errors: ReattemptErrors } {
  const errors: ReattemptErrors = {};
  if (!offered.dates.includes(typed.date)) errors.date = ndrMessages.dateNotOffered;
  const phone = normalizeIndianPhone(typed.phone);
  if (!phone.ok) errors.phone = phone.message;
  const addressLine = typed.addressLine.trim();
  if (addressLine.length > NDR_ADDRESS_LINE_MAX_LENGTH) errors.addressLine = ndrMessages.addressLineTooLong;
  if (!phone.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    choice: {
      action: 'reattempt',
      date: typed.date,
      ...(phone.phone === offered.phone ? {} : { phone: phone.phone }),
      ...(addressLine ? { addressLine } : {}),
    },
  };
}

/** "Deliver again on Wednesday, 9 December", or the return: a choice in words, as both pages write it. */
export function ndrChoiceText(choice: NdrChoice | Pick<NdrChoiceView, 'action' | 'date'>): string {
  return choice.action === 'reattempt' && choice.date
    ? fillIn(ndrMessages.choiceReattempt, { date: formatCalendarDay(choice.date) })
    : ndrMessages.choiceReturn;
}
