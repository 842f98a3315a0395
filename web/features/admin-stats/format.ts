import type { PaymentMethodGroup } from '../../../contracts/admin-stats';
import { formatRupeesExact } from '../../../contracts/format';

const shortDay = new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', day: 'numeric', month: 'short' });

/** "2026-11-23" → "23 Nov": the stats' days are IST days already, so no zone shift here. */
export function formatStatsDay(day: string): string {
  return shortDay.format(new Date(`${day}T00:00:00Z`));
}

export function formatRupeeAmount(rupees: number): string {
  return formatRupeesExact(rupees);
}

export const methodLabels: Record<PaymentMethodGroup, string> = {
  card: 'Card',
  upi: 'UPI',
  cod: 'Cash on delivery',
  other: 'Other',
};
