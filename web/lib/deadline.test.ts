import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatIstMoment, nextIndianDays, timeLeftText } from './deadline';

const now = new Date('2026-12-08T10:00:00.000Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('timeLeftText', () => {
  it('says minutes, hours and minutes, or days and hours, rounded down', () => {
    expect(timeLeftText(later(1), now)).toBe('1 minute left');
    expect(timeLeftText(later(59.9), now)).toBe('59 minutes left');
    expect(timeLeftText(later(60), now)).toBe('1 hour left');
    expect(timeLeftText(later(5 * 60 + 20), now)).toBe('5 hours 20 minutes left');
    expect(timeLeftText(later(24 * 60), now)).toBe('1 day left');
    expect(timeLeftText(later(2 * 24 * 60 + 3 * 60 + 59), now)).toBe('2 days 3 hours left');
  });

  it('never says more time than is left, nor a minute less', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 14 * 24 * 60 }),
        fc.integer({ min: 0, max: 59_999 }),
        (minutes, ms) => {
          const text = timeLeftText(new Date(now.getTime() + minutes * 60_000 + ms), now) ?? '';
          const said = [...text.matchAll(/(\d+) (day|hour|minute)s?/g)].reduce(
            (sum, [, count, unit]) =>
              sum + Number(count) * (unit === 'day' ? 1440 : unit === 'hour' ? 60 : 1),
            0,
          );
          expect(said).toBeLessThanOrEqual(minutes);
          // Days and hours drop the minutes; hours and minutes drop nothing.
          expect(minutes - said).toBeLessThan(minutes >= 1440 ? 60 : 1);
        },
      ),
    );
  });

  it('is null at and past the deadline, and for a moment it cannot read', () => {
    expect(timeLeftText(later(0.5), now)).toBeNull();
    expect(timeLeftText(now, now)).toBeNull();
    expect(timeLeftText(later(-90), now)).toBeNull();
    expect(timeLeftText('not a date', now)).toBeNull();
  });
});

describe('the days and moments', () => {
  it('writes a calendar day with its weekday, not moved by any zone', () => {
    expect(formatCalendarDay('2026-12-09')).toBe('Wednesday, 9 December');
    expect(formatCalendarDay('2027-01-01')).toBe('Friday, 1 January');
    expect(formatCalendarDay('soon')).toBe('soon');
  });

  it("writes a deadline in India's time", () => {
    expect(formatIstMoment('2026-12-09T12:30:00.000Z')).toBe('Wed, 9 Dec, 6:00 pm IST');
  });
});

describe('nextIndianDays', () => {
  it('counts from tomorrow in India, whatever the hour in UTC', () => {
    expect(nextIndianDays(3, new Date('2026-12-08T10:00:00.000Z'))).toEqual([
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
    ]);
    // 19:00 UTC is half past midnight of the 9th in India.
    expect(nextIndianDays(3, new Date('2026-12-08T19:00:00.000Z'))).toEqual([
      '2026-12-10',
      '2026-12-11',
      '2026-12-12',
    ]);
    expect(nextIndianDays(2, new Date('2026-12-31T12:00:00.000Z'))).toEqual(['2027-01-01', '2027-01-02']);
  });
});
