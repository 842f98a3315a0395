// en-IN formatting (spec §9: rupee sign, dates for en-IN).

const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

const rupeesWithPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₹1,198 */
export function formatRupees(rupees: number): string {
  return wholeRupees.format(rupees);
}

/** ₹1,198.00 (My Orders shows amounts to two decimals) */
export function formatRupeesExact(rupees: number): string {
  return rupeesWithPaise.format(rupees);
}

/** 22 November 2026 */
export function formatDate(date: Date | string | number): string {
  return new Date(date).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** 22 November 2026 at 2:30 pm (spec §2: estimated delivery, en-IN long date with time) */
export function formatDateTime(date: Date | string | number): string {
  return new Date(date).toLocaleString('en-IN', { dateStyle: 'long', timeStyle: 'short' });
}

export function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}
