// en-IN formatting (docs/product.md#money: rupee sign, dates for en-IN).

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

/** ₹49, or ₹49.50 when there are paise: an amount in paise as the shop states a fee. */
export function formatFee(paise: number): string {
  return paise % 100 === 0 ? formatRupees(paise / 100) : formatRupeesExact(paise / 100);
}

/** 22 November 2026 */
export function formatDate(date: Date | string | number): string {
  return new Date(date).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** 22 November 2026 at 2:30 pm (docs/product.md#screens: estimated delivery, en-IN long date with time) */
export function formatDateTime(date: Date | string | number): string {
  return new Date(date).toLocaleString('en-IN', { dateStyle: 'long', timeStyle: 'short' });
}

const IST = 'Asia/Kolkata';

// India has kept one offset all year since 1945: a fixed shift gives its calendar and clock exactly.
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The moment shifted so that its UTC fields (getUTCDate, toISOString…) read India's calendar and clock. */
export function inIndia(at: Date): Date {
  return new Date(at.getTime() + IST_OFFSET_MS);
}

/** The instant India's wall clock reads the given UTC fields: the inverse of `inIndia`. */
export function fromIndiaWallClock(wallClockAsUtcMs: number): Date {
  return new Date(wallClockAsUtcMs - IST_OFFSET_MS);
}
const istClock = new Intl.DateTimeFormat('en-IN', {
  timeZone: IST,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * A delivery estimate, in India's time: couriers often promise a day, not an hour, and such an estimate is
 * stored as that day's midnight in India: it shows as the date alone ("29 November 2026"), never "12:00 am".
 */
export function formatEstimatedDelivery(date: Date | string | number): string {
  const when = new Date(date);
  if (istClock.format(when) === '00:00') {
    return when.toLocaleDateString('en-IN', {
      timeZone: IST,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
  }
  return when.toLocaleString('en-IN', { timeZone: IST, dateStyle: 'long', timeStyle: 'short' });
}

export function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}
