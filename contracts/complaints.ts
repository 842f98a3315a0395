import { indiaToday } from './delivery';

// docs/product.md#complaints: the Consumer Protection (E-Commerce) Rules, 2020 give the grievance officer 48 hours
// to acknowledge a complaint and one month from the day it arrived to resolve it. One rule for the number, the
// deadlines and the state of each clock, used by the server (which stores the deadlines) and the console.

export const ACKNOWLEDGE_WITHIN_HOURS = 48;
const HOUR_MS = 3_600_000;

/** "GRV-2026-000123": the year (India's) the complaint arrived and its place in that year. */
export function complaintNumber(year: number, sequence: number): string {
  return `GRV-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The year of a moment in India's calendar: a complaint sent at 1 am IST on 1 January counts in the new year. */
export function indiaYear(moment: Date): number {
  return Number(indiaToday(moment).slice(0, 4));
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * "2026-01-31" one month on: the same day of the next month, or that month's last day when it has no such
 * day ("2026-02-28"), as PostgreSQL's `date + interval '1 month'` counts.
 */
export function oneMonthAfter(isoDate: string): string {
  const [year = 0, month = 0, day = 0] = isoDate.split('-').map(Number);
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  const nextDay = Math.min(day, daysInMonth(nextYear, nextMonth));
  return `${nextYear}-${String(nextMonth).padStart(2, '0')}-${String(nextDay).padStart(2, '0')}`;
}

export interface ComplaintDeadlines {
  /** 48 hours after it arrived. */
  acknowledgeBy: Date;
  /** The last day to resolve it, in India's calendar ("2026-02-15"). */
  resolveBy: string;
}

export function complaintDeadlines(receivedAt: Date): ComplaintDeadlines {
  return {
    acknowledgeBy: new Date(receivedAt.getTime() + ACKNOWLEDGE_WITHIN_HOURS * HOUR_MS),
    resolveBy: oneMonthAfter(indiaToday(receivedAt)),
  };
}

/**
 * A deadline's state: running (`due`), missed and still open (`overdue`), done in time (`met`) or done after
 * the deadline (`met_late`).
 */
export const clockStates = ['due', 'overdue', 'met', 'met_late'] as const;
export type ClockState = (typeof clockStates)[number];

/** The acknowledgement clock stops at the first reply; a complaint closed without one stops it at closing. */
export function acknowledgementState(
  acknowledgeBy: Date,
  acknowledgedAt: Date | null,
  now: Date,
): ClockState {
  if (acknowledgedAt) return acknowledgedAt <= acknowledgeBy ? 'met' : 'met_late';
  return now <= acknowledgeBy ? 'due' : 'overdue';
}

/** The resolution clock stops when the complaint is closed; the whole last day (IST) counts. */
export function resolutionState(resolveBy: string, resolvedAt: Date | null, now: Date): ClockState {
  if (resolvedAt) return indiaToday(resolvedAt) <= resolveBy ? 'met' : 'met_late';
  return indiaToday(now) <= resolveBy ? 'due' : 'overdue';
}

const istMoment = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "19 Jan 2026, 10:00 am IST": the acknowledgement deadline, as the console writes every moment. */
export function formatIstMoment(moment: Date | string): string {
  return `${istMoment.format(new Date(moment))} IST`;
}

const calendarDay = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** "17 Feb 2026" for the resolution deadline "2026-02-17", a day of India's calendar. */
export function formatIstDay(isoDate: string): string {
  return calendarDay.format(new Date(`${isoDate}T00:00:00Z`));
}
