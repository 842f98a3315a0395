import { describe, expect, it } from 'vitest';
import {
  acknowledgementState,
  complaintDeadlines,
  complaintNumber,
  formatIstDay,
  formatIstMoment,
  indiaYear,
  oneMonthAfter,
  resolutionState,
} from './complaints';

// docs/product.md#complaints: the number, the deadlines and the clocks, with the clock given to each call.

describe('a complaint’s number', () => {
  it('is GRV, the year and six digits', () => {
    expect(complaintNumber(2026, 123)).toBe('GRV-2026-000123');
    expect(complaintNumber(2027, 1_234_567)).toBe('GRV-2027-1234567');
  });

  it('counts in India’s year: 1 am IST on 1 January is the new year', () => {
    expect(indiaYear(new Date('2026-12-31T19:30:00Z'))).toBe(2027);
    expect(indiaYear(new Date('2026-12-31T18:29:59Z'))).toBe(2026);
  });
});

describe('a complaint’s deadlines', () => {
  it('gives 48 hours to acknowledge and one month, by India’s calendar, to resolve', () => {
    // 1:30 am on 1 February in India, still 31 January in UTC.
    const deadlines = complaintDeadlines(new Date('2026-01-31T20:00:00Z'));
    expect(deadlines.acknowledgeBy.toISOString()).toBe('2026-02-02T20:00:00.000Z');
    expect(deadlines.resolveBy).toBe('2026-03-01');
    expect(formatIstMoment(deadlines.acknowledgeBy)).toBe('3 Feb 2026, 1:30 am IST');
    expect(formatIstDay(deadlines.resolveBy)).toBe('1 Mar 2026');
  });

  it.each([
    ['2026-01-15', '2026-02-15'],
    ['2026-01-31', '2026-02-28'],
    ['2028-01-30', '2028-02-29'],
    ['2026-03-31', '2026-04-30'],
    ['2026-12-20', '2027-01-20'],
  ])('one month after %s is %s (the month’s last day when it has no such day)', (from, to) => {
    expect(oneMonthAfter(from)).toBe(to);
  });
});

describe('the acknowledgement clock', () => {
  const due = new Date('2026-02-02T20:00:00Z');

  it('is due until the deadline and overdue after it, while nobody has answered', () => {
    expect(acknowledgementState(due, null, new Date('2026-02-01T00:00:00Z'))).toBe('due');
    expect(acknowledgementState(due, null, due)).toBe('due');
    expect(acknowledgementState(due, null, new Date('2026-02-02T20:00:01Z'))).toBe('overdue');
  });

  it('is met by an answer in time, and met late by one after the deadline, whenever it is asked', () => {
    const later = new Date('2026-03-10T00:00:00Z');
    expect(acknowledgementState(due, new Date('2026-02-02T19:59:00Z'), later)).toBe('met');
    expect(acknowledgementState(due, new Date('2026-02-02T20:01:00Z'), later)).toBe('met_late');
  });
});

describe('the resolution clock', () => {
  it('runs until the end of the last day in India, then is overdue', () => {
    // 11:59 pm IST on 1 March, then midnight.
    expect(resolutionState('2026-03-01', null, new Date('2026-03-01T18:29:00Z'))).toBe('due');
    expect(resolutionState('2026-03-01', null, new Date('2026-03-01T18:30:00Z'))).toBe('overdue');
  });

  it('is met by closing on or before the last day, and met late after it', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(resolutionState('2026-03-01', new Date('2026-03-01T18:00:00Z'), now)).toBe('met');
    expect(resolutionState('2026-03-01', new Date('2026-03-01T18:31:00Z'), now)).toBe('met_late');
  });
});
