import { formatRupeesExact } from '../../../contracts/format';
import type { PaidOrderSummary } from './order-summaries';

// The console's way of writing money and moments (docs/product.md#staff), for the alerts it sends.

const istDateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

const istTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

const longDay = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** "23 Nov 2026, 4:05 pm IST" */
export function istDateTimeText(date: Date): string {
  return `${istDateTime.format(date)} IST`;
}

/** "4:05 pm" */
export function istTimeText(date: Date): string {
  return istTime.format(date);
}

/** "9 May 2026" from an IST day "2026-05-09". */
export function dayText(day: string): string {
  return longDay.format(new Date(`${day}T00:00:00Z`));
}

/** ₹1,198.00 */
export function paiseText(paise: number): string {
  return formatRupeesExact(paise / 100);
}

/** "Face Mitt (Size M) x 2" */
export function itemText(item: PaidOrderSummary['items'][number]): string {
  return `${item.title} (Size ${item.size}) x ${item.quantity}`;
}

/** "Bengaluru, Karnataka" */
export function placeText(order: Pick<PaidOrderSummary, 'city' | 'state'>): string {
  return [order.city, order.state].filter(Boolean).join(', ');
}

export function consoleUrl(publicUrl: string, path: string): string {
  return new URL(path, publicUrl).toString();
}
