import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NDR_MAX_ATTEMPTS, type NdrChoice } from '../../../contracts/ndr-rules';
import {
  decideNdr,
  initialNdrState,
  isClosed,
  type NdrEffect,
  type NdrEvent,
  type NdrState,
  reattemptDatesOf,
  respondByOf,
} from './ndr-lifecycle';

// docs/product.md#failed-deliveries: the rules of failed deliveries over random histories.

const START = new Date('2026-03-10T06:00:00Z');
const HOUR = 3_600_000;

// Time moves forward through a history: each event carries its offset from the start.
type MakeEvent = (clock: { now: Date }, state: NdrState) => NdrEvent;

const eventArbitrary: fc.Arbitrary<MakeEvent> = fc.oneof<fc.Arbitrary<MakeEvent>[]>(
  fc.integer({ min: 1, max: 4 }).map((step) => (_clock, state) => ({
    type: 'attempt_failed' as const,
    attempts: Math.min(state.attempts + step - 1, NDR_MAX_ATTEMPTS + 1),
    at: _clock.now,
  })),
  fc
    .record({
      action: fc.constantFrom('reattempt', 'return'),
      day: fc.integer({ min: 0, max: 4 }),
      by: fc.constantFrom('shopper' as const, 'staff' as const),
    })
    .map(({ action, day, by }) => (clock) => {
      const date = reattemptDatesOf(clock.now)[day] ?? '2020-01-01';
      const choice: NdrChoice = action === 'reattempt' ? { action, date } : { action: 'return' };
      return { type: 'chosen' as const, choice, by, now: clock.now };
    }),
  fc.constant((clock: { now: Date }) => ({ type: 'deadline_passed' as const, now: clock.now })),
  fc.integer({ min: 1, max: 3 }).map((attempt) => () => ({ type: 'action_sent' as const, attempt })),
  fc.integer({ min: -30, max: 30 }).map((hours) => (clock: { now: Date }) => ({
    type: 'courier_deadline' as const,
    at: new Date(clock.now.getTime() + hours * HOUR),
  })),
  fc.constant(() => ({ type: 'delivered' as const })),
  fc.constant(() => ({ type: 'returned' as const })),
);

const historyArbitrary = fc.array(fc.tuple(eventArbitrary, fc.integer({ min: 0, max: 30 })), {
  maxLength: 25,
});

interface Run {
  state: NdrState;
  steps: { event: NdrEvent; before: NdrState; after: NdrState; effects: NdrEffect[] }[];
}

function run(history: [(clock: { now: Date }, state: NdrState) => NdrEvent, number][]): Run {
  const clock = { now: START };
  let state = decideNdrOrSame(initialNdrState(), { type: 'attempt_failed', attempts: 1, at: START });
  const steps: Run['steps'] = [];
  for (const [make, hours] of history) {
    clock.now = new Date(clock.now.getTime() + hours * HOUR);
    const event = make(clock, state);
    const decision = decideNdr(state, event);
    const after = decision.outcome === 'refused' ? state : decision.next;
    steps.push({
      event,
      before: state,
      after,
      effects: decision.outcome === 'refused' ? [] : decision.effects,
    });
    state = after;
  }
  return { state, steps };
}

function decideNdrOrSame(state: NdrState, event: NdrEvent): NdrState {
  const decision = decideNdr(state, event);
  return decision.outcome === 'refused' ? state : decision.next;
}

describe('a failed delivery', () => {
  it('asks the courier at most once for each attempt, and never twice for one parcel to come back', () => {
    fc.assert(
      fc.property(historyArbitrary, (history) => {
        const { steps } = run(history);
        const actions = steps
          .flatMap((step) => step.effects)
          .filter((effect) => effect.type === 'send_action');
        const attempts = actions.map((action) => (action.type === 'send_action' ? action.attempt : 0));
        expect(new Set(attempts).size).toBe(attempts.length);
        const returns = actions.filter(
          (action) => action.type === 'send_action' && action.action === 'return',
        );
        expect(returns.length).toBeLessThanOrEqual(1);
        // Nothing is asked of the courier after a return was asked for.
        const firstReturn = actions.findIndex((a) => a.type === 'send_action' && a.action === 'return');
        if (firstReturn >= 0) expect(actions.length).toBe(firstReturn + 1);
      }),
    );
  });

  it('ends delivered or returned, and nothing moves it after', () => {
    fc.assert(
      fc.property(historyArbitrary, (history) => {
        const { steps } = run(history);
        for (const step of steps) {
          if (isClosed(step.before.status)) {
            expect(step.after.status).toBe(step.before.status);
            expect(step.effects).toEqual([]);
          }
          if (step.event.type === 'delivered' && !isClosed(step.before.status))
            expect(step.after.status).toBe('delivered');
          if (step.event.type === 'returned' && !isClosed(step.before.status))
            expect(step.after.status).toBe('returned');
        }
      }),
    );
  });

  it('cancels the order when the parcel is back only if a return was chosen', () => {
    fc.assert(
      fc.property(historyArbitrary, (history) => {
        for (const step of run(history).steps) {
          const closes = step.effects.some((effect) => effect.type === 'close_order');
          expect(closes).toBe(
            step.event.type === 'returned' &&
              !isClosed(step.before.status) &&
              step.before.choice?.action === 'return',
          );
        }
      }),
    );
  });

  it('applies every event twice as once', () => {
    fc.assert(
      fc.property(historyArbitrary, (history) => {
        for (const step of run(history).steps) {
          const again = decideNdr(step.after, step.event);
          if (again.outcome === 'applied') {
            // Only the default after a re-attempt's own deadline may follow, never the same effects again.
            expect(again.effects.filter((e) => e.type === 'send_action')).toEqual([]);
          }
        }
      }),
    );
  });

  it('only ever brings the deadline forward for the courier’s, while a choice is awaited', () => {
    fc.assert(
      fc.property(historyArbitrary, (history) => {
        for (const step of run(history).steps) {
          if (step.event.type !== 'courier_deadline') continue;
          expect(step.after.respondBy.getTime()).toBeLessThanOrEqual(step.before.respondBy.getTime());
          if (step.before.status !== 'action_needed') expect(step.after).toEqual(step.before);
        }
      }),
    );
  });

  it('never counts attempts down, and never re-attempts past the last attempt', () => {
    fc.assert(
      fc.property(historyArbitrary, (history) => {
        for (const step of run(history).steps) {
          expect(step.after.attempts).toBeGreaterThanOrEqual(step.before.attempts);
          for (const effect of step.effects) {
            if (effect.type === 'send_action' && effect.action === 'reattempt')
              expect(effect.attempt).toBeLessThan(NDR_MAX_ATTEMPTS);
          }
        }
      }),
    );
  });
});

describe('the choices', () => {
  const reported = decideNdrOrSame(initialNdrState(), { type: 'attempt_failed', attempts: 1, at: START });

  it('offers the next three days of India’s calendar', () => {
    // 06:00 UTC on 10 March is 11:30 in India; at 20:00 UTC it is already 11 March there.
    expect(reattemptDatesOf(START)).toEqual(['2026-03-11', '2026-03-12', '2026-03-13']);
    expect(reattemptDatesOf(new Date('2026-03-10T20:00:00Z'))).toEqual([
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
    ]);
  });

  it('refuses a day not offered, a second choice and a choice after the deadline', () => {
    const late = new Date(respondByOf(START).getTime() + 1);
    expect(
      decideNdr(reported, {
        type: 'chosen',
        choice: { action: 'reattempt', date: '2026-03-10' },
        by: 'shopper',
        now: START,
      }),
    ).toEqual({ outcome: 'refused', reason: 'date_not_offered' });
    const chosen = decideNdrOrSame(reported, {
      type: 'chosen',
      choice: { action: 'return' },
      by: 'shopper',
      now: START,
    });
    expect(
      decideNdr(chosen, { type: 'chosen', choice: { action: 'return' }, by: 'shopper', now: START }),
    ).toEqual({
      outcome: 'refused',
      reason: 'already_chosen',
    });
    expect(
      decideNdr(reported, { type: 'chosen', choice: { action: 'return' }, by: 'shopper', now: late }),
    ).toEqual({
      outcome: 'refused',
      reason: 'too_late',
    });
  });

  it('takes the default at the deadline: one re-attempt, then return', () => {
    const late = new Date(respondByOf(START).getTime());
    const first = decideNdr(reported, { type: 'deadline_passed', now: late });
    expect(first.outcome === 'applied' && first.next.choice).toEqual({
      action: 'reattempt',
      by: 'default',
      attempt: 1,
    });
    const again = decideNdrOrSame(first.outcome === 'applied' ? first.next : reported, {
      type: 'attempt_failed',
      attempts: 2,
      at: late,
    });
    const second = decideNdr(again, { type: 'deadline_passed', now: respondByOf(late) });
    expect(second.outcome === 'applied' && second.next.choice).toEqual({
      action: 'return',
      by: 'default',
      attempt: 2,
    });
    expect(decideNdr(reported, { type: 'deadline_passed', now: START }).outcome).toBe('unchanged');
  });

  it('returns the parcel after the last attempt, whatever was chosen', () => {
    const last = decideNdr(reported, { type: 'attempt_failed', attempts: NDR_MAX_ATTEMPTS, at: START });
    expect(last.outcome === 'applied' && last.next.status).toBe('return_requested');
    expect(last.outcome === 'applied' && last.effects).toContainEqual({
      type: 'send_action',
      attempt: NDR_MAX_ATTEMPTS,
      action: 'return',
    });
  });
});
