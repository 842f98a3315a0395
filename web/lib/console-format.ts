import { formatRupeesExact } from '../../contracts/format';

// The console's ways of writing moments and money, one for every page (docs/product.md#staff).

const istDateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "23 Nov 2026, 4:05 pm IST": the console shows every moment in India's time. */
export function formatIstDateTime(date: string | Date): string {
  return `${istDateTime.format(new Date(date))} IST`;
}

/** ₹1,198.00 from paise. */
export function formatPaise(paise: number): string {
  return formatRupeesExact(paise / 100);
}

/** "partially_refunded" → "Partially refunded"; "cod_due" → "COD due" (docs/product.md#cash-on-delivery). */
export function humanise(value: string): string {
  const words = value.replaceAll('_', ' ').replace(/^cod\b/, 'COD');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const day = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const month = new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', month: 'long', year: 'numeric' });

/** "2026-11-05" → "5 Nov 2026": a day the console was given, written as India writes dates. */
export function formatIsoDay(isoDay: string): string {
  return day.format(new Date(`${isoDay}T00:00:00Z`));
}

/** "2026-11" → "November 2026". */
export function formatIsoMonth(isoMonth: string): string {
  return month.format(new Date(`${isoMonth}-01T00:00:00Z`));
}

/** "+91 98765 43210" from the stored 10 digits; "None" for no phone. */
export function formatPhone(phone: string | null): string {
  if (!phone) return 'None';
  return /^\d{10}$/.test(phone) ? `+91 ${phone.slice(0, 5)} ${phone.slice(5)}` : phone;
}

/** "Bhavna Shah, +91 98860 22222": what a shopper has of name, phone and e-mail, no empty parts. */
export function shopperContactLine(shopper: {
  name: string;
  phone: string | null;
  email: string | null;
}): string {
  return [shopper.name.trim(), shopper.phone ? formatPhone(shopper.phone) : '', shopper.email ?? '']
    .filter((part) => part !== '')
    .join(', ');
}
