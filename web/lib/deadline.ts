// Deadlines and calendar days as the shopper's and the console's pages of a failed delivery write them
// (docs/product.md#failed-deliveries): the time left in words, and a YYYY-MM-DD day in India's way.

const MINUTE_MS = 60_000;

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * "2 days 3 hours left", "5 hours 20 minutes left", "12 minutes left", or null once the deadline has passed
 * (the page says so in its own words). Rounded down: a page never promises more time than there is.
 */
export function timeLeftText(deadline: string | Date, now: Date = new Date()): string | null {
  const minutes = Math.floor((new Date(deadline).getTime() - now.getTime()) / MINUTE_MS);
  if (!Number.isFinite(minutes) || minutes <= 0) return null;
  if (minutes < 60) return `${plural(minutes, 'minute')} left`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    return `${plural(hours, 'hour')}${rest > 0 ? ` ${plural(rest, 'minute')}` : ''} left`;
  }
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return `${plural(days, 'day')}${rest > 0 ? ` ${plural(rest, 'hour')}` : ''} left`;
}

// The days are India's calendar days already: read at UTC so no zone moves them.
const longDay = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});

/** "2026-12-09" → "Wednesday, 9 December". */
export function formatCalendarDay(isoDay: string): string {
  const day = new Date(`${isoDay}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? isoDay : longDay.format(day);
}

const istMoment = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "Wed, 9 Dec, 6:00 pm IST": a deadline in India's time, whatever the device's zone. */
export function formatIstMoment(at: string | Date): string {
  return `${istMoment.format(new Date(at))} IST`;
}

const IST_OFFSET_MS = (5 * 60 + 30) * MINUTE_MS;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * The `count` calendar days after today in India, as YYYY-MM-DD: the days a re-attempt may be asked for
 * (contracts/ndr-rules.ts NDR_REATTEMPT_DAYS), where a page has no list of them from the server.
 */
export function nextIndianDays(count: number, now: Date = new Date()): string[] {
  const todayInIndia = Math.floor((now.getTime() + IST_OFFSET_MS) / DAY_MS);
  return Array.from({ length: count }, (_, index) =>
    new Date((todayInIndia + index + 1) * DAY_MS).toISOString().slice(0, 10),
  );
}
