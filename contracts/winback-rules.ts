// docs/product.md#winback: abandoned checkouts won back and "Notify me" when back in stock. The rules, numbers
// and words without zod, so the product page's Notify-me chunk and the profile take them cheaply;
// contracts/winback.ts adds the HTTP shapes.

/** Promotional messages go only from 9:00 am to 9:00 pm India time (TRAI's rule for promotional SMS, kept for all). */
export const PROMO_WINDOW_START_HOUR_IST = 9;
export const PROMO_WINDOW_END_HOUR_IST = 21;
/** At most this many promotional messages to one shopper in any 24 hours, and in any 7 days. */
export const PROMO_CAP_PER_DAY = 2;
export const PROMO_CAP_PER_WEEK = 4;
/** A reminder not sent within this many hours of its time is dropped: the night is 12 hours long, so none is. */
export const REMINDER_LATEST_AFTER_DUE_HOURS = 13;
/** An order paid (or COD-confirmed) within this many days of a reminder, from its checkout's cart, is recovered. */
export const RECOVERY_WINDOW_DAYS = 7;
/** The console's report covers this many days. */
export const WINBACK_REPORT_DAYS = 30;
/** How long a reminder's links (back to checkout, opt out) work. */
export const REMINDER_LINK_DAYS = 14;

export const reminderSteps = [1, 2] as const;
export type ReminderStep = (typeof reminderSteps)[number];

/** The owner's settings (docs/product.md#winback-settings), and their defaults until the console saves them. */
export interface WinbackSettings {
  enabled: boolean;
  /** Minutes after PLACE ORDER of the first reminder. */
  firstDelayMinutes: number;
  /** Minutes after PLACE ORDER of the second reminder. */
  secondDelayMinutes: number;
  /** An existing discount code offered in the second reminder, or null. */
  secondReminderCode: string | null;
}

export const DEFAULT_WINBACK_SETTINGS: WinbackSettings = {
  enabled: true,
  firstDelayMinutes: 60,
  secondDelayMinutes: 23 * 60,
  secondReminderCode: null,
};
export const MIN_FIRST_DELAY_MINUTES = 30;
export const MAX_FIRST_DELAY_MINUTES = 12 * 60;
export const MAX_SECOND_DELAY_MINUTES = 72 * 60;
/** The second reminder comes at least this long after the first. */
export const MIN_REMINDER_GAP_MINUTES = 60;

export const winbackMessages = {
  optedOut: 'You will get no more checkout reminders.',
  optedIn: 'Checkout reminders are on again.',
  linkInvalid: 'This link has expired or is not valid.',
  resumed: 'Your cart is ready: complete your order.',
  cartChanged: 'Your cart has changed since then: here it is as it is now.',
  checkoutGone: 'Those products are no longer all available: here is your cart.',
  firstDelayRange: `The first reminder goes from ${MIN_FIRST_DELAY_MINUTES} minutes to ${MAX_FIRST_DELAY_MINUTES / 60} hours after the checkout.`,
  secondDelayRange: `The second reminder goes at least ${MIN_REMINDER_GAP_MINUTES} minutes after the first and within ${MAX_SECOND_DELAY_MINUTES / 60} hours of the checkout.`,
  codeUnknown: 'No discount code has that name.',
  codeInactive: 'That discount code is paused or past its dates.',
  settingsSaved: 'Reminder settings saved.',
} as const;

/** The words of the profile's switch. */
export const reminderSwitchLabels = {
  profileSwitch: 'Checkout reminders',
  profileHint: 'A reminder when you leave a checkout unpaid (at most two, never at night).',
} as const;

export const reminderEmails = {
  1: {
    subject: 'You left something in your cart',
    text: 'Your {products} are still waiting for you. Complete your order here: {link}',
  },
  2: {
    subject: 'Still thinking it over?',
    text: 'Your {products} are still in your cart. Complete your order here: {link}',
    withCode: 'Use the code {code} at checkout: it is applied for you through this link: {link}',
  },
} as const;

export const backInStockEmail = {
  subject: '{product} is back in stock',
  text: '{product} is back in stock, as you asked us to tell you. Order it here: {link}',
} as const;

export const REMINDER_OPT_OUT_LINE = 'No more reminders like this one: {optOut}';

// ---- Time rules ----

const IST_OFFSET_MS = 330 * 60_000;
const HOUR_MS = 3600_000;

function istHourOf(at: Date): number {
  return new Date(at.getTime() + IST_OFFSET_MS).getUTCHours();
}

/** docs/product.md#promo-rules: whether a promotional message may go at this moment (9 am to 9 pm IST). */
export function isPromoHour(at: Date): boolean {
  const hour = istHourOf(at);
  return hour >= PROMO_WINDOW_START_HOUR_IST && hour < PROMO_WINDOW_END_HOUR_IST;
}

/** The moment itself when promotional messages may go, else the next 9:00 am IST. */
export function nextPromoMoment(at: Date): Date {
  if (isPromoHour(at)) return at;
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const nineToday = Date.UTC(
    ist.getUTCFullYear(),
    ist.getUTCMonth(),
    ist.getUTCDate(),
    PROMO_WINDOW_START_HOUR_IST,
  );
  const nine = ist.getUTCHours() < PROMO_WINDOW_START_HOUR_IST ? nineToday : nineToday + 24 * HOUR_MS;
  return new Date(nine - IST_OFFSET_MS);
}

/** docs/product.md#promo-rules: the per-shopper cap, given when each earlier promotional message went. */
export function promoCapReached(sentAt: readonly Date[], now: Date): boolean {
  const ago = (at: Date) => now.getTime() - at.getTime();
  const inDay = sentAt.filter((at) => ago(at) < 24 * HOUR_MS).length;
  const inWeek = sentAt.filter((at) => ago(at) < 7 * 24 * HOUR_MS).length;
  return inDay >= PROMO_CAP_PER_DAY || inWeek >= PROMO_CAP_PER_WEEK;
}

/** When a capped message may be tried again: when the oldest message counted in the reached cap leaves it. */
export function promoCapFreesAt(sentAt: readonly Date[], now: Date): Date {
  const ago = (at: Date) => now.getTime() - at.getTime();
  const times = [...sentAt].sort((a, b) => b.getTime() - a.getTime());
  const day = times.filter((at) => ago(at) < 24 * HOUR_MS);
  const week = times.filter((at) => ago(at) < 7 * 24 * HOUR_MS);
  const frees: number[] = [now.getTime()];
  const dayEdge = day[PROMO_CAP_PER_DAY - 1];
  if (day.length >= PROMO_CAP_PER_DAY && dayEdge) frees.push(dayEdge.getTime() + 24 * HOUR_MS);
  const weekEdge = week[PROMO_CAP_PER_WEEK - 1];
  if (week.length >= PROMO_CAP_PER_WEEK && weekEdge) frees.push(weekEdge.getTime() + 7 * 24 * HOUR_MS);
  return nextPromoMoment(new Date(Math.max(...frees)));
}

export type ReminderVerdict =
  | { send: true }
  | { send: false; wait: true; until: Date }
  | { send: false; wait: false; reason: 'stale' | 'superseded' };

/**
 * docs/product.md#reminder-timing: what to do with a reminder due at `dueAt`, asked at `now`. In the night it waits
 * for 9:00 am; a first reminder whose second is due by then is dropped (the second says the same, later); any
 * reminder more than REMINDER_LATEST_AFTER_DUE_HOURS late is dropped.
 */
export function reminderVerdict(
  step: ReminderStep,
  dueAt: Date,
  now: Date,
  secondDueAt: Date,
): ReminderVerdict {
  if (now.getTime() < dueAt.getTime()) return { send: false, wait: true, until: nextPromoMoment(dueAt) };
  if (now.getTime() - dueAt.getTime() > REMINDER_LATEST_AFTER_DUE_HOURS * HOUR_MS) {
    return { send: false, wait: false, reason: 'stale' };
  }
  if (step === 1 && secondDueAt.getTime() <= now.getTime()) {
    return { send: false, wait: false, reason: 'superseded' };
  }
  if (!isPromoHour(now)) {
    const until = nextPromoMoment(now);
    if (step === 1 && secondDueAt.getTime() <= until.getTime()) {
      return { send: false, wait: false, reason: 'superseded' };
    }
    if (until.getTime() - dueAt.getTime() > REMINDER_LATEST_AFTER_DUE_HOURS * HOUR_MS) {
      return { send: false, wait: false, reason: 'stale' };
    }
    return { send: false, wait: true, until };
  }
  return { send: true };
}

/** The settings' own rule: a message naming the first problem, or null. */
export function winbackSettingsProblem(settings: WinbackSettings): string | null {
  const { firstDelayMinutes: first, secondDelayMinutes: second } = settings;
  if (first < MIN_FIRST_DELAY_MINUTES || first > MAX_FIRST_DELAY_MINUTES)
    return winbackMessages.firstDelayRange;
  if (second < first + MIN_REMINDER_GAP_MINUTES || second > MAX_SECOND_DELAY_MINUTES) {
    return winbackMessages.secondDelayRange;
  }
  return null;
}

/**
 * The links a reminder carries. They open the profile's page (docs/product.md#winback-links): a route of their own
 * would add to the first load of every page, which is at its budget (docs/operations.md#performance-budget).
 */
export const reminderResumePath = (token: string) => `/profile?resume=${token}`;
export const reminderOptOutPath = (token: string) => `/profile?opt-out=${token}`;
