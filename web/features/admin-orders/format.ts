import { formatRupeesExact } from '../../../contracts/format';

const istDateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "23 Nov 2026, 4:05 pm IST": the console shows every moment in India's time (docs/product.md#staff). */
export function formatIstDateTime(date: string | Date): string {
  return `${istDateTime.format(new Date(date))} IST`;
}

/** ₹1,198.00 from paise. */
export function formatPaise(paise: number): string {
  return formatRupeesExact(paise / 100);
}

/** "₹100.50" typed by a person → 10050 paise; null when it is not an amount with at most two decimals. */
export function parseRupeesToPaise(text: string): number | null {
  const cleaned = text.replace(/[₹,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** "partially_refunded" → "Partially refunded". */
export function humanise(value: string): string {
  const words = value.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
