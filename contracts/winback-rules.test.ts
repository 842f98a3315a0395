import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WINBACK_SETTINGS,
  isPromoHour,
  nextPromoMoment,
  PROMO_CAP_PER_DAY,
  PROMO_CAP_PER_WEEK,
  promoCapFreesAt,
  promoCapReached,
  REMINDER_LATEST_AFTER_DUE_HOURS,
  reminderVerdict,
  winbackMessages,
  winbackSettingsProblem,
} from './winback-rules';

// docs/product.md#promo-rules and #reminder-timing: the quiet hours, the cap and the reminders' timing.

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const instant = fc
  .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 0, 1) })
  .map((ms) => new Date(ms));
const istHour = (at: Date) => new Date(at.getTime() + 330 * 60_000).getUTCHours();

describe('the promotional hours', () => {
  it('are 9 am to 9 pm IST', () => {
    expect(isPromoHour(new Date('2026-12-07T03:29:59Z'))).toBe(false); // 8:59:59 IST
    expect(isPromoHour(new Date('2026-12-07T03:30:00Z'))).toBe(true); // 9:00 IST
    expect(isPromoHour(new Date('2026-12-07T15:29:59Z'))).toBe(true); // 20:59:59 IST
    expect(isPromoHour(new Date('2026-12-07T15:30:00Z'))).toBe(false); // 21:00 IST
    expect(nextPromoMoment(new Date('2026-12-07T16:00:00Z')).toISOString()).toBe('2026-12-08T03:30:00.000Z');
    expect(nextPromoMoment(new Date('2026-12-07T20:00:00Z')).toISOString()).toBe('2026-12-08T03:30:00.000Z');
  });

  it('the next moment a message may go is that moment or the next 9:00 am, never later than 12 hours', () => {
    fc.assert(
      fc.property(instant, (at) => {
        const next = nextPromoMoment(at);
        expect(isPromoHour(next)).toBe(true);
        expect(next.getTime()).toBeGreaterThanOrEqual(at.getTime());
        expect(next.getTime() - at.getTime()).toBeLessThanOrEqual(12 * HOUR);
        if (isPromoHour(at)) expect(next).toEqual(at);
        else expect([istHour(next), next.getUTCMinutes() % 30]).toEqual([9, 0]);
      }),
    );
  });
});

describe('the per-shopper cap', () => {
  it('lets through at most 2 a day and 4 a week, whatever the attempts', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 21 * DAY }), { maxLength: 40 }), (offsets) => {
        const start = Date.UTC(2026, 11, 1);
        const sent: Date[] = [];
        for (const offset of [...offsets].sort((a, b) => a - b)) {
          const now = new Date(start + offset);
          if (!promoCapReached(sent, now)) sent.push(now);
        }
        for (const at of sent) {
          const inDay = sent.filter((t) => t >= at && t.getTime() < at.getTime() + DAY).length;
          const inWeek = sent.filter((t) => t >= at && t.getTime() < at.getTime() + 7 * DAY).length;
          expect(inDay).toBeLessThanOrEqual(PROMO_CAP_PER_DAY);
          expect(inWeek).toBeLessThanOrEqual(PROMO_CAP_PER_WEEK);
        }
      }),
    );
  });

  it('frees at a promotional moment when the cap is no longer reached', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 7 * DAY }), { maxLength: 8 }), instant, (agos, now) => {
        const sent = agos.map((ago) => new Date(now.getTime() - ago));
        const frees = promoCapFreesAt(sent, now);
        expect(frees.getTime()).toBeGreaterThanOrEqual(now.getTime());
        expect(isPromoHour(frees)).toBe(true);
        expect(promoCapReached(sent, frees)).toBe(false);
      }),
    );
  });
});

describe('a reminder’s verdict', () => {
  it('never sends before its time, at night, or too late; a wait ends at a promotional moment after now', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1 as const, 2 as const),
        instant,
        fc.integer({ min: -2 * DAY, max: 2 * DAY }),
        fc.integer({ min: 60, max: 72 * 60 }),
        (step, placed, nowOffset, gapMinutes) => {
          const dueAt = new Date(placed.getTime() + HOUR);
          const secondDueAt = new Date(dueAt.getTime() + gapMinutes * 60_000);
          const stepDue = step === 1 ? dueAt : secondDueAt;
          const now = new Date(stepDue.getTime() + nowOffset);
          const verdict = reminderVerdict(step, stepDue, now, secondDueAt);
          if (verdict.send) {
            expect(isPromoHour(now)).toBe(true);
            expect(now.getTime()).toBeGreaterThanOrEqual(stepDue.getTime());
            expect(now.getTime() - stepDue.getTime()).toBeLessThanOrEqual(
              REMINDER_LATEST_AFTER_DUE_HOURS * HOUR,
            );
            if (step === 1) expect(secondDueAt.getTime()).toBeGreaterThan(now.getTime());
          } else if (verdict.wait) {
            expect(verdict.until.getTime()).toBeGreaterThanOrEqual(
              Math.min(now.getTime(), stepDue.getTime()),
            );
            expect(isPromoHour(verdict.until)).toBe(true);
          }
        },
      ),
    );
  });

  it('a reminder due at night is sent at 9:00 am, not dropped', () => {
    const due = new Date('2026-12-07T18:30:00Z'); // midnight IST
    const second = new Date(due.getTime() + 22 * HOUR);
    expect(reminderVerdict(1, due, new Date('2026-12-07T19:00:00Z'), second)).toMatchObject({ wait: true });
    expect(reminderVerdict(1, due, new Date('2026-12-08T03:30:00Z'), second)).toEqual({ send: true });
  });
});

describe('the owner’s settings', () => {
  it('keep the first reminder within its range and the second at least an hour after it', () => {
    expect(winbackSettingsProblem(DEFAULT_WINBACK_SETTINGS)).toBeNull();
    expect(winbackSettingsProblem({ ...DEFAULT_WINBACK_SETTINGS, firstDelayMinutes: 20 })).toBe(
      winbackMessages.firstDelayRange,
    );
    expect(winbackSettingsProblem({ ...DEFAULT_WINBACK_SETTINGS, secondDelayMinutes: 100 })).toBe(
      winbackMessages.secondDelayRange,
    );
  });
});
