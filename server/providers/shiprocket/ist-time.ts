// Shiprocket writes every time as Indian Standard Time with no zone; India keeps no daylight saving.
const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function istParts(date: Date) {
  const ist = new Date(date.getTime() + IST_OFFSET_MS);
  const two = (value: number) => String(value).padStart(2, '0');
  return {
    year: String(ist.getUTCFullYear()),
    month: two(ist.getUTCMonth() + 1),
    monthName: MONTHS[ist.getUTCMonth()] ?? '',
    day: two(ist.getUTCDate()),
    hour: two(ist.getUTCHours()),
    minute: two(ist.getUTCMinutes()),
    second: two(ist.getUTCSeconds()),
  };
}

/** "2024-07-01 14:05", the adhoc order's `order_date`. */
export function shiprocketOrderDate(date: Date): string {
  const p = istParts(date);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** "2024-07-01 14:05:09", as in tracking replies, scans and pickup dates. */
export function shiprocketDateTime(date: Date): string {
  const p = istParts(date);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** "01 07 2024 14:05:09", the tracking webhook's `current_timestamp`. */
export function shiprocketWebhookTimestamp(date: Date): string {
  const p = istParts(date);
  return `${p.day} ${p.month} ${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** "Jul 01, 2024", a courier's `etd` in serviceability replies. */
export function shiprocketEtd(date: Date): string {
  const p = istParts(date);
  return `${p.monthName} ${p.day}, ${p.year}`;
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallTime(
  year: string,
  month: string,
  day: string,
  hour = '0',
  minute = '0',
  second = '0',
): WallTime {
  return {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
  };
}

// "2023-05-23 11:43:52" in tracking replies and pickup dates; some replies give the date alone.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
// "23 05 2023 11:43:52", the tracking webhook's `current_timestamp`.
const WEBHOOK_TIMESTAMP = /^(\d{2}) (\d{2}) (\d{4}) (\d{2}):(\d{2})(?::(\d{2}))?$/;
// "Jul 01, 2024", a courier's `etd` in serviceability replies (full month names tolerated).
const MONTH_NAME_DATE = /^([A-Za-z]{3})[A-Za-z]*\.? (\d{1,2}),? (\d{4})$/;
// An instant that names its own zone needs no guess.
const ZONED_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

function wallTimeOf(text: string): WallTime | undefined {
  const dateTime = DATE_TIME.exec(text);
  if (dateTime) {
    const [, year = '', month = '', day = '', hour, minute, second] = dateTime;
    return wallTime(year, month, day, hour, minute, second);
  }
  const webhook = WEBHOOK_TIMESTAMP.exec(text);
  if (webhook) {
    const [, day = '', month = '', year = '', hour, minute, second] = webhook;
    return wallTime(year, month, day, hour, minute, second);
  }
  const named = MONTH_NAME_DATE.exec(text);
  if (!named) return undefined;
  const [, monthName = '', day = '', year = ''] = named;
  const month = MONTHS.findIndex((name) => name.toLowerCase() === monthName.toLowerCase()) + 1;
  return month > 0 ? wallTime(year, String(month), day) : undefined;
}

/** The instant of an IST wall-clock time; undefined for a day or hour that does not exist (Feb 30, 24:00). */
function instantOfIst(wall: WallTime): Date | undefined {
  const asUtc = new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second));
  // Date.UTC rolls what does not exist over into the next day or month.
  const exists =
    asUtc.getUTCFullYear() === wall.year &&
    asUtc.getUTCMonth() === wall.month - 1 &&
    asUtc.getUTCDate() === wall.day &&
    asUtc.getUTCHours() === wall.hour &&
    asUtc.getUTCMinutes() === wall.minute &&
    asUtc.getUTCSeconds() === wall.second;
  return exists ? new Date(asUtc.getTime() - IST_OFFSET_MS) : undefined;
}

/**
 * Any of Shiprocket's time formats above, read as Indian Standard Time whatever the server's zone; a date
 * without a time is the start of that day in India. Undefined for anything else, rather than a guess.
 */
export function parseShiprocketTime(text: string | null | undefined): Date | undefined {
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  if (ZONED_INSTANT.test(trimmed)) {
    const instant = new Date(trimmed);
    return Number.isNaN(instant.getTime()) ? undefined : instant;
  }
  const wall = wallTimeOf(trimmed);
  return wall && instantOfIst(wall);
}
