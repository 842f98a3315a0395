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
