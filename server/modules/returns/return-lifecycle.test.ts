import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETURN_SETTINGS,
  type ReturnReason,
  type ReturnResolution,
  returnReasons,
} from '../../../contracts/returns';
import { orderDiscountShares, type PaidLine, paidForLinePaise, type ReturnedUnits } from './return-amounts';
import { checkReturnRequest, holdsItsUnits, type ReturnableOrder } from './return-eligibility';
import {
  decide,
  type ReturnDecision,
  type ReturnEffect,
  type ReturnEvent,
  type ReturnState,
  returnRefusalMessages,
} from './return-lifecycle';

// docs/product.md#returns: the return rules over random orders, requests and events.

const DELIVERED_AT = new Date('2024-07-01T09:30:00Z');
const NOW = new Date('2024-07-03T09:30:00Z');
const settings = { ...DEFAULT_RETURN_SETTINGS, changedMindDeductionPaise: 8_000 };

const orderArbitrary: fc.Arbitrary<ReturnableOrder> = fc
  .record({
    lines: fc.array(
      fc.record({
        quantity: fc.integer({ min: 1, max: 4 }),
        unitPricePaise: fc.integer({ min: 1, max: 200_000 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    discountShare: fc.double({ min: 0, max: 0.6, noNaN: true }),
  })
  .map(({ lines, discountShare }) => {
    const value = lines.reduce((sum, line) => sum + line.quantity * line.unitPricePaise, 0);
    const shares = orderDiscountShares(Math.floor(value * discountShare), lines);
    return {
      status: 'delivered' as const,
      deliveredAt: DELIVERED_AT,
      lines: lines.map(
        (line, index): PaidLine => ({
          lineId: `line-${index}`,
          title: `Mitten ${index}`,
          quantity: line.quantity,
          unitPricePaise: line.unitPricePaise,
          orderDiscountSharePaise: shares[index] ?? 0,
        }),
      ),
    };
  });

type Action =
  | {
      kind: 'request';
      lines: { line: number; units: number }[];
      reason: ReturnReason;
      resolution: ReturnResolution;
      photos: number;
    }
  | { kind: 'event'; target: number; event: Exclude<ReturnEvent, { type: 'request' }> };

const eventArbitrary: fc.Arbitrary<Exclude<ReturnEvent, { type: 'request' }>> = fc.oneof(
  fc.constantFrom(
    { type: 'approve' as const },
    { type: 'refuse' as const },
    { type: 'pickup_booked' as const },
    { type: 'pickup_failed' as const },
    { type: 'pickup_overdue' as const },
    { type: 'picked_up' as const },
    { type: 'courier_exception' as const },
    { type: 'parcel_lost' as const },
    { type: 'settlement_overdue' as const },
    { type: 'refund_requested' as const },
    { type: 'refund_processed' as const },
    { type: 'refund_failed' as const },
    { type: 'close' as const },
  ),
  fc.record({ type: fc.constant('approve_without_pickup' as const), stockCovered: fc.boolean() }),
  fc.record({ type: fc.constant('replacement_sent' as const), stockCovered: fc.boolean() }),
  fc.record({
    type: fc.constant('received' as const),
    quality: fc.constantFrom('resellable' as const, 'not_resellable' as const),
  }),
);

const actionArbitrary: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('request' as const),
      lines: fc.array(fc.record({ line: fc.nat(3), units: fc.integer({ min: 0, max: 4 }) }), {
        minLength: 1,
        maxLength: 3,
      }),
      reason: fc.constantFrom(...returnReasons),
      resolution: fc.constantFrom('refund' as const, 'replacement' as const),
      photos: fc.integer({ min: 0, max: 4 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('event' as const), target: fc.nat(3), event: eventArbitrary }),
  },
);

interface Tracked {
  lines: ReturnedUnits[];
  state: ReturnState;
  effects: ReturnEffect[];
  /** Each decision with the state it was taken in. */
  steps: { before: ReturnState; event: ReturnEvent; decision: ReturnDecision }[];
}

function run(order: ReturnableOrder, actions: Action[]): Tracked[] {
  const returns: Tracked[] = [];
  for (const action of actions) {
    if (action.kind === 'request') {
      const accepted = checkReturnRequest(
        order,
        returns.map((tracked) => ({ status: tracked.state.status, lines: tracked.lines })),
        {
          lines: action.lines.map((line) => ({
            lineId: `line-${line.line % order.lines.length}`,
            units: line.units,
          })),
          reason: action.reason,
          resolution: action.resolution,
          photos: action.photos,
        },
        settings,
        NOW,
      );
      if (!accepted.ok) continue;
      const event: ReturnEvent = {
        type: 'request',
        resolution: action.resolution,
        refundPaise: accepted.refundPaise,
        units: accepted.units,
      };
      const decision = decide(undefined, event);
      if (decision.outcome !== 'applied') throw new Error('an accepted request must open a return');
      returns.push({
        lines: accepted.lines,
        state: decision.next,
        effects: [...decision.effects],
        steps: [],
      });
      continue;
    }
    const tracked = returns[action.target % Math.max(returns.length, 1)];
    if (!tracked) continue;
    const before = tracked.state;
    const decision = decide(before, action.event);
    tracked.steps.push({ before, event: action.event, decision });
    if (decision.outcome === 'applied') {
      tracked.state = decision.next;
      tracked.effects.push(...decision.effects);
    }
  }
  return returns;
}

const scenario = fc.tuple(orderArbitrary, fc.array(actionArbitrary, { minLength: 10, maxLength: 60 }));
fc.configureGlobal({ numRuns: 1000 });

const MONEY_OR_STOCK = new Set<ReturnEffect['type']>([
  'refund',
  'issue_credit_note',
  'restock_units',
  'write_off_units',
  'create_replacement_order',
]);

describe('the return rules, over random orders, requests and events', () => {
  it('never refund more than was paid for the returned lines', () => {
    fc.assert(
      fc.property(scenario, ([order, actions]) => {
        const returns = run(order, actions);
        for (const tracked of returns) {
          const paid = tracked.lines.reduce((sum, line) => sum + line.paidPaise, 0);
          expect(tracked.state.refundPaise).toBeLessThanOrEqual(paid);
          const credited = tracked.effects
            .filter((effect) => effect.type === 'issue_credit_note')
            .reduce((sum, effect) => sum + effect.amountPaise, 0);
          expect(credited).toBeLessThanOrEqual(tracked.state.refundPaise);
          for (const effect of tracked.effects) {
            if (effect.type === 'refund') expect(effect.amountPaise).toBeLessThanOrEqual(paid);
          }
          // A refund is asked only when none is with the provider or done.
          for (const step of tracked.steps) {
            if (step.decision.outcome !== 'applied') continue;
            if (step.decision.effects.some((effect) => effect.type === 'refund')) {
              expect(['refund_pending', 'refunded']).not.toContain(step.before.status);
            }
          }
        }
        for (const line of order.lines) {
          const held = returns
            .filter((tracked) => holdsItsUnits(tracked.state.status))
            .flatMap((tracked) => tracked.lines)
            .filter((returned) => returned.lineId === line.lineId);
          const heldPaise = held.reduce((sum, returned) => sum + returned.paidPaise, 0);
          expect(heldPaise).toBeLessThanOrEqual(paidForLinePaise(line));
        }
      }),
    );
  });

  it('never return a unit of a line twice across returns', () => {
    fc.assert(
      fc.property(scenario, ([order, actions]) => {
        const returns = run(order, actions);
        for (const line of order.lines) {
          const units = returns
            .filter((tracked) => holdsItsUnits(tracked.state.status))
            .flatMap((tracked) => tracked.lines)
            .filter((returned) => returned.lineId === line.lineId)
            .reduce((sum, returned) => sum + returned.units, 0);
          expect(units).toBeLessThanOrEqual(line.quantity);
        }
      }),
    );
  });

  it('move the stock once per received unit, and only for a received return', () => {
    fc.assert(
      fc.property(scenario, ([order, actions]) => {
        for (const tracked of run(order, actions)) {
          const moves = tracked.effects.filter(
            (effect) => effect.type === 'restock_units' || effect.type === 'write_off_units',
          );
          expect(moves.length).toBe(tracked.state.stockSettled ? 1 : 0);
          for (const move of moves) {
            if (move.type === 'restock_units' || move.type === 'write_off_units') {
              expect(move.units).toBe(tracked.state.units);
            }
          }
          for (const step of tracked.steps) {
            const moved =
              step.decision.outcome === 'applied' &&
              step.decision.effects.some(
                (effect) => effect.type === 'restock_units' || effect.type === 'write_off_units',
              );
            if (moved) expect(step.event.type).toBe('received');
          }
        }
      }),
    );
  });

  it('leave the money and the stock alone for a refused return', () => {
    fc.assert(
      fc.property(scenario, ([order, actions]) => {
        for (const tracked of run(order, actions)) {
          if (tracked.state.status !== 'refused') continue;
          expect(tracked.effects.filter((effect) => MONEY_OR_STOCK.has(effect.type))).toEqual([]);
        }
      }),
    );
  });

  it('take every event once: applying it twice is applying it once', () => {
    fc.assert(
      fc.property(scenario, ([order, actions]) => {
        for (const tracked of run(order, actions)) {
          for (const { before, event, decision } of tracked.steps) {
            const again = decide(decision.outcome === 'applied' ? decision.next : before, event);
            if (decision.outcome === 'refused') {
              expect(again).toEqual(decision);
              continue;
            }
            expect(again.outcome).toBe('applied');
            if (again.outcome !== 'applied') continue;
            expect(again.next).toEqual(decision.next);
            // A sweep's flag may be raised again: the store keeps one open row per reason.
            const repeated = again.effects.filter(
              (effect) => effect.type !== 'flag_attention' && effect.type !== 'resolve_attention',
            );
            expect(repeated).toEqual([]);
          }
          const request: ReturnEvent = {
            type: 'request',
            resolution: tracked.state.resolution,
            refundPaise: tracked.state.refundPaise,
            units: tracked.state.units,
          };
          expect(decide(tracked.state, request)).toEqual({
            outcome: 'applied',
            next: tracked.state,
            effects: [],
          });
        }
      }),
    );
  });
});

describe('the return lifecycle, by example', () => {
  const requested = decide(undefined, {
    type: 'request',
    resolution: 'refund',
    refundPaise: 59_900,
    units: 1,
  });
  const opened = (resolution: ReturnResolution = 'refund'): ReturnState => ({
    status: 'requested',
    resolution,
    refundPaise: 59_900,
    units: 1,
    stockSettled: false,
    refundAttempts: 0,
  });

  function through(state: ReturnState, ...events: ReturnEvent[]): ReturnState {
    return events.reduce((current, event) => {
      const decision = decide(current, event);
      if (decision.outcome !== 'applied') throw new Error(`${event.type} was refused: ${decision.reason}`);
      return decision.next;
    }, state);
  }

  it('opens with the shopper told, and refuses an empty or a moneyless refund', () => {
    expect(requested).toEqual({
      outcome: 'applied',
      next: opened(),
      effects: [{ type: 'send_message', kind: 'return_requested' }],
    });
    expect(decide(undefined, { type: 'request', resolution: 'refund', refundPaise: 0, units: 1 })).toEqual({
      outcome: 'refused',
      reason: 'invalid_request',
    });
    expect(decide(undefined, { type: 'approve' })).toEqual({ outcome: 'refused', reason: 'not_requested' });
  });

  it('runs a pickup to a refund with its credit note, putting a resellable unit back', () => {
    const approved = decide(opened(), { type: 'approve' });
    expect(approved).toMatchObject({
      outcome: 'applied',
      next: { status: 'approved' },
      effects: [{ type: 'book_pickup' }, { type: 'send_message', kind: 'return_approved' }],
    });
    const picked = through(opened(), { type: 'approve' }, { type: 'pickup_booked' }, { type: 'picked_up' });
    const received = decide(picked, { type: 'received', quality: 'resellable' });
    expect(received).toMatchObject({ outcome: 'applied', next: { status: 'received', stockSettled: true } });
    if (received.outcome !== 'applied') return;
    expect(received.effects[0]).toEqual({ type: 'restock_units', units: 1 });
    const refunding = decide(received.next, { type: 'refund_requested' });
    expect(refunding).toMatchObject({
      outcome: 'applied',
      next: { status: 'refund_pending', refundAttempts: 1 },
      effects: expect.arrayContaining([{ type: 'refund', amountPaise: 59_900, attempt: 1 }]),
    });
    if (refunding.outcome !== 'applied') return;
    const failed = through(refunding.next, { type: 'refund_failed' });
    const retried = decide(failed, { type: 'refund_requested' });
    expect(retried).toMatchObject({
      effects: expect.arrayContaining([{ type: 'refund', amountPaise: 59_900, attempt: 2 }]),
    });
    if (retried.outcome !== 'applied') return;
    expect(decide(retried.next, { type: 'refund_processed' })).toMatchObject({
      next: { status: 'refunded' },
      effects: [
        { type: 'issue_credit_note', amountPaise: 59_900 },
        { type: 'resolve_attention', reason: 'return_refund_failed' },
        { type: 'send_message', kind: 'return_refunded' },
      ],
    });
  });

  it('writes off a unit that cannot be sold again', () => {
    const picked = through(opened(), { type: 'approve' }, { type: 'picked_up' });
    expect(decide(picked, { type: 'received', quality: 'not_resellable' })).toMatchObject({
      effects: expect.arrayContaining([{ type: 'write_off_units', units: 1 }]),
    });
  });

  it('sends a replacement without a pickup only while the stock covers it', () => {
    const replacement = opened('replacement');
    expect(decide(replacement, { type: 'approve_without_pickup', stockCovered: false })).toEqual({
      outcome: 'refused',
      reason: 'out_of_stock',
    });
    expect(decide(replacement, { type: 'approve_without_pickup', stockCovered: true })).toMatchObject({
      next: { status: 'replacement_shipped', stockSettled: false },
      effects: [
        { type: 'send_message', kind: 'return_approved' },
        { type: 'create_replacement_order' },
        { type: 'send_message', kind: 'replacement_shipped' },
      ],
    });
  });

  it('flags a failed pickup, books again on approval, or closes without money', () => {
    const failed = through(
      opened(),
      { type: 'approve' },
      { type: 'pickup_booked' },
      { type: 'pickup_failed' },
    );
    expect(failed.status).toBe('pickup_failed');
    expect(decide(failed, { type: 'approve' })).toMatchObject({
      next: { status: 'approved' },
      effects: [{ type: 'book_pickup' }, { type: 'resolve_attention', reason: 'return_pickup_failed' }],
    });
    expect(decide(failed, { type: 'close' })).toMatchObject({ next: { status: 'closed' } });
    expect(decide(opened(), { type: 'close' })).toEqual({
      outcome: 'refused',
      reason: 'only_failed_pickup_closes',
    });
  });

  it('refunds a parcel the courier lost, and asks the owner to look at it', () => {
    const lost = decide(through(opened(), { type: 'approve' }, { type: 'picked_up' }), {
      type: 'parcel_lost',
    });
    expect(lost).toMatchObject({
      next: { status: 'lost' },
      effects: expect.arrayContaining([{ type: 'flag_attention', reason: 'return_parcel_lost' }]),
    });
    if (lost.outcome !== 'applied') return;
    expect(decide(lost.next, { type: 'refund_requested' })).toMatchObject({
      next: { status: 'refund_pending' },
    });
  });

  it('refuses what the owner cannot do now, each with its message', () => {
    const cases: [ReturnState, ReturnEvent, string][] = [
      [opened(), { type: 'refund_requested' }, returnRefusalMessages.not_received],
      [opened(), { type: 'received', quality: 'resellable' }, returnRefusalMessages.not_approved],
      [
        through(opened(), { type: 'approve' }),
        { type: 'refuse' },
        returnRefusalMessages.not_awaiting_decision,
      ],
      [
        through(opened(), { type: 'approve' }, { type: 'pickup_booked' }),
        { type: 'approve_without_pickup', stockCovered: true },
        returnRefusalMessages.pickup_booked,
      ],
      [
        through(opened(), { type: 'approve' }, { type: 'picked_up' }),
        { type: 'approve_without_pickup', stockCovered: true },
        returnRefusalMessages.already_collected,
      ],
      [opened('replacement'), { type: 'refund_requested' }, returnRefusalMessages.refund_not_asked],
      [
        through(opened(), { type: 'approve' }, { type: 'received', quality: 'resellable' }),
        { type: 'replacement_sent', stockCovered: true },
        returnRefusalMessages.replacement_not_asked,
      ],
      [through(opened(), { type: 'refuse' }), { type: 'refund_requested' }, returnRefusalMessages.finished],
    ];
    for (const [state, event, text] of cases) {
      const decision = decide(state, event);
      expect(decision.outcome).toBe('refused');
      if (decision.outcome === 'refused') expect(returnRefusalMessages[decision.reason]).toBe(text);
    }
    expect(returnRefusalMessages.not_received).toBe(
      'Mark this return received before refunding it or sending the replacement.',
    );
  });
});
