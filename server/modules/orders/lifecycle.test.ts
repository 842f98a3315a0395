import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shipmentStages } from '../../../contracts/shipping';
import {
  type Decision,
  decide,
  isAbandonedCheckout,
  MAX_FAILED_REFUNDS,
  mayShip,
  type OrderEffect,
  type OrderEvent,
  type OrderState,
  owesRefund,
  wasPaid,
} from './lifecycle';

const NEW_ORDER: OrderState = {
  status: 'pending',
  paymentStatus: 'pending',
  refund: null,
  shipmentStage: null,
  stockTaken: false,
  holds: true,
  couponUse: null,
};

const stage = fc.constantFrom(...shipmentStages);
const paymentId = fc.constantFrom('pay_1', 'pay_2', 'pay_3');
const event: fc.Arbitrary<OrderEvent> = fc.oneof(
  fc.record({
    type: fc.constant('payment_captured' as const),
    paymentId,
    repeat: fc.boolean(),
    stockCovered: fc.boolean(),
  }),
  fc.record({ type: fc.constant('ship_late_requested' as const), stockCovered: fc.boolean() }),
  fc.constant({ type: 'payment_failed' as const }),
  fc.constant({ type: 'checkout_abandoned' as const }),
  fc.record({
    type: fc.constant('cancel_requested' as const),
    by: fc.constantFrom('shopper' as const, 'shop' as const),
  }),
  fc.record({
    type: fc.constant('parcel_booked' as const),
    stage: fc.constantFrom('created' as const, 'awb_assigned' as const),
  }),
  fc.record({ type: fc.constant('courier_stage_reported' as const), stage }),
  fc.constant({ type: 'parcel_cancelled_by_courier' as const }),
  fc.constant({ type: 'parcel_stopped' as const }),
  fc.constant({ type: 'shipment_overdue' as const }),
  fc.record({
    type: fc.constant('refund_requested' as const),
    amountPaise: fc.integer({ min: -100, max: 200_000 }),
    refundablePaise: fc.integer({ min: 0, max: 100_000 }),
  }),
  fc.constant({ type: 'refund_started' as const }),
  fc.constant({ type: 'stray_refund_settled' as const }),
  fc.record({ type: fc.constant('courier_status_reported' as const), exception: fc.boolean() }),
  fc.constant({ type: 'refund_overdue' as const }),
  fc.record({
    type: fc.constant('refund_settled' as const),
    fullyRefunded: fc.boolean(),
    refundId: fc.constantFrom('refund_1', 'refund_2'),
  }),
  fc.record({
    type: fc.constant('refund_failed' as const),
    paymentId,
    attempts: fc.integer({ min: 1, max: MAX_FAILED_REFUNDS + 1 }),
    stray: fc.boolean(),
  }),
);
const events = fc.array(event, { maxLength: 40 });
fc.configureGlobal({ numRuns: 2000 });

interface Step {
  before: OrderState;
  event: OrderEvent;
  decision: Decision;
  after: OrderState;
}

function run(sequence: OrderEvent[]): Step[] {
  let state = NEW_ORDER;
  return sequence.map((next) => {
    const decision = decide(state, next);
    const step = {
      before: state,
      event: next,
      decision,
      after: decision.outcome === 'applied' ? decision.next : state,
    };
    state = step.after;
    return step;
  });
}

const effectsOf = (step: Step): OrderEffect[] =>
  step.decision.outcome === 'applied' ? step.decision.effects : [];

const rank = {
  pending: 0,
  confirmed: 1,
  processing: 2,
  shipped: 3,
  out_for_delivery: 4,
  delivered: 5,
  cancelled: 6,
  returned_to_origin: 7,
} as const;

describe('the order lifecycle, over random event sequences', () => {
  it('never moves a status backwards (an abandoned checkout paid after all is the one revival)', () => {
    fc.assert(
      fc.property(events, (sequence) => {
        for (const { before, after } of run(sequence)) {
          if (isAbandonedCheckout(before) && after.status === 'confirmed') continue;
          expect(rank[after.status]).toBeGreaterThanOrEqual(rank[before.status]);
        }
      }),
    );
  });

  it('leaves a paid, cancelled order owing a queued refund, refunded, or flagged for a person', () => {
    fc.assert(
      fc.property(events, (sequence) => {
        let refundQueued = false;
        let flagged = false;
        for (const step of run(sequence)) {
          if (step.event.type === 'refund_failed' && !step.event.stray) refundQueued = false;
          for (const effect of effectsOf(step)) {
            if (effect.type === 'refund_order') refundQueued = true;
            if (effect.type === 'flag_attention' && effect.reason === 'refund_failing') flagged = true;
          }
          const { after } = step;
          if (after.status !== 'cancelled' || !wasPaid(after)) continue;
          if (after.paymentStatus === 'refunded') continue;
          expect(owesRefund(after)).toBe(true);
          // A partial refund settling leaves the rest owed; the job queued with the cancellation still covers it.
          expect(refundQueued || flagged).toBe(true);
        }
      }),
    );
  });

  it('lets a parcel ship exactly while the order is not cancelled and its money is with us, a part refund included', () => {
    fc.assert(
      fc.property(events, (sequence) => {
        for (const { after } of run(sequence)) {
          const moneyHeld = after.paymentStatus === 'paid' || after.paymentStatus === 'partially_refunded';
          expect(mayShip(after)).toBe(after.status !== 'cancelled' && moneyHeld);
        }
      }),
    );
    const partlyRefunded: OrderState = {
      ...NEW_ORDER,
      status: 'confirmed',
      paymentStatus: 'partially_refunded',
    };
    expect(mayShip(partlyRefunded)).toBe(true);
    expect(mayShip({ ...partlyRefunded, paymentStatus: 'refunded' })).toBe(false);
  });

  it('never moves a payment status back from refunded, nor to unpaid once paid', () => {
    fc.assert(
      fc.property(events, (sequence) => {
        for (const { before, after } of run(sequence)) {
          if (before.paymentStatus === 'refunded') expect(after.paymentStatus).toBe('refunded');
          if (wasPaid(before)) expect(wasPaid(after)).toBe(true);
        }
      }),
    );
  });

  it('never ships an order once a cancellation was accepted', () => {
    fc.assert(
      fc.property(events, (sequence) => {
        let cancelled = false;
        for (const step of run(sequence)) {
          if (cancelled) {
            expect(step.after.status).toBe('cancelled');
            expect(effectsOf(step).some((effect) => effect.type === 'enqueue_shipment')).toBe(false);
            if (step.event.type === 'parcel_booked') {
              expect(effectsOf(step)).toContainEqual({ type: 'cancel_courier_order' });
            }
          }
          const accepted = step.event.type === 'cancel_requested' && step.decision.outcome === 'applied';
          if (accepted && step.after.status === 'cancelled') cancelled = true;
        }
      }),
    );
  });

  it('refunds every captured payment after the first in full', () => {
    fc.assert(
      fc.property(events, (sequence) => {
        for (const step of run(sequence)) {
          if (step.event.type !== 'payment_captured' || step.event.repeat || !wasPaid(step.before)) continue;
          expect(effectsOf(step)).toContainEqual({
            type: 'refund_stray_payment',
            paymentId: step.event.paymentId,
          });
          expect(effectsOf(step)).toContainEqual({ type: 'flag_attention', reason: 'second_payment' });
          expect(step.after).toEqual(step.before);
        }
      }),
    );
  });

  it('refuses a shopper who cancels a delivered order', () => {
    fc.assert(
      fc.property(events, (sequence) => {
        for (const step of run(sequence)) {
          if (step.before.status !== 'delivered' || step.event.type !== 'cancel_requested') continue;
          expect(step.decision).toEqual({ outcome: 'refused', reason: 'after_pickup' });
        }
      }),
    );
  });

  it('confirms a paid order once: one shipment, one e-mail, whatever is reported again', () => {
    fc.assert(
      fc.property(events, (sequence) => {
        const steps = run(sequence);
        const shipments = steps.flatMap(effectsOf).filter((effect) => effect.type === 'enqueue_shipment');
        const revivals = steps.filter((step) => isAbandonedCheckout(step.before)).length;
        expect(shipments.length).toBeLessThanOrEqual(1 + revivals);
      }),
    );
  });
});

describe('the order lifecycle, by example', () => {
  const paid: OrderState = { ...NEW_ORDER, status: 'confirmed', paymentStatus: 'paid' };

  it('stops a parcel whose courier cancels it and flags the paid order for a person', () => {
    const booked = { ...paid, status: 'processing' as const, shipmentStage: 'pickup_scheduled' as const };
    expect(decide(booked, { type: 'parcel_cancelled_by_courier' })).toEqual({
      outcome: 'applied',
      next: { ...booked, shipmentStage: 'cancelled' },
      effects: [{ type: 'flag_attention', reason: 'parcel_cancelled_by_courier' }],
    });
  });

  it('ignores a late cancelled scan of a delivered parcel, and a late shipped scan sends no e-mail', () => {
    const delivered = { ...paid, status: 'delivered' as const, shipmentStage: 'delivered' as const };
    expect(decide(delivered, { type: 'courier_stage_reported', stage: 'cancelled' })).toEqual({
      outcome: 'applied',
      next: delivered,
      effects: [],
    });
    expect(decide(delivered, { type: 'courier_stage_reported', stage: 'in_transit' })).toEqual({
      outcome: 'applied',
      next: delivered,
      effects: [],
    });
  });

  it('e-mails only the stage an order lands on when scans skip ahead', () => {
    const booked = { ...paid, status: 'processing' as const, shipmentStage: 'awb_assigned' as const };
    expect(decide(booked, { type: 'courier_stage_reported', stage: 'delivered' })).toEqual({
      outcome: 'applied',
      next: { ...booked, status: 'delivered', shipmentStage: 'delivered' },
      effects: [{ type: 'send_email', kind: 'delivered' }],
    });
  });

  it('keeps a shopper-cancelled unpaid order cancelled when it is abandoned later', () => {
    const cancelled = { ...NEW_ORDER, status: 'cancelled' as const, holds: false };
    expect(decide(cancelled, { type: 'checkout_abandoned' })).toEqual({
      outcome: 'applied',
      next: cancelled,
      effects: [],
    });
    expect(
      decide(cancelled, { type: 'payment_captured', paymentId: 'pay_1', repeat: false, stockCovered: true }),
    ).toEqual({
      outcome: 'applied',
      next: { ...cancelled, paymentStatus: 'paid' },
      effects: [{ type: 'refund_order' }],
    });
  });
});

describe('the owner is told of a refund stuck pending', () => {
  const paidOrder: OrderState = {
    status: 'confirmed',
    paymentStatus: 'paid',
    refund: null,
    shipmentStage: null,
    stockTaken: true,
    holds: false,
    couponUse: null,
  };

  it('flags an overdue refund only while it is pending, and clears the flag once it settles or fails', () => {
    const pending = { ...paidOrder, refund: 'pending' as const };
    expect(decide(pending, { type: 'refund_overdue' })).toEqual({
      outcome: 'applied',
      next: pending,
      effects: [{ type: 'flag_attention', reason: 'refund_pending_long' }],
    });
    expect(decide(paidOrder, { type: 'refund_overdue' })).toEqual({
      outcome: 'applied',
      next: paidOrder,
      effects: [],
    });
    expect(
      effectsOfDecision(
        decide(pending, { type: 'refund_settled', fullyRefunded: false, refundId: 'refund_1' }),
      ),
    ).toContainEqual({
      type: 'resolve_attention',
      reason: 'refund_pending_long',
    });
    const failed = decide(pending, { type: 'refund_failed', paymentId: 'pay_1', attempts: 1, stray: false });
    expect(effectsOfDecision(failed)).toContainEqual({
      type: 'resolve_attention',
      reason: 'refund_pending_long',
    });
  });

  it("clears the second payment's flag once its refund went through", () => {
    expect(decide(paidOrder, { type: 'stray_refund_settled' })).toEqual({
      outcome: 'applied',
      next: paidOrder,
      effects: [{ type: 'resolve_attention', reason: 'second_payment' }],
    });
  });
});

describe('the shopper is told of each refund (docs/product.md#order-messages)', () => {
  const paidOrder: OrderState = {
    status: 'confirmed',
    paymentStatus: 'paid',
    refund: null,
    shipmentStage: null,
    stockTaken: true,
    holds: false,
    couponUse: null,
  };
  const emails = (decision: ReturnType<typeof decide>) =>
    effectsOfDecision(decision).filter((effect) => effect.type === 'send_email');

  it('of each part refunded, of the last part as refunded, and of a late report of a part not at all', () => {
    const part = decide(paidOrder, { type: 'refund_settled', fullyRefunded: false, refundId: 'refund_1' });
    expect(emails(part)).toEqual([{ type: 'send_email', kind: 'partially_refunded', refundId: 'refund_1' }]);
    if (part.outcome !== 'applied') throw new Error('the refund was refused');
    const rest = decide(part.next, { type: 'refund_settled', fullyRefunded: true, refundId: 'refund_2' });
    expect(emails(rest)).toEqual([{ type: 'send_email', kind: 'refunded' }]);
    if (rest.outcome !== 'applied') throw new Error('the refund was refused');
    const late = decide(rest.next, { type: 'refund_settled', fullyRefunded: false, refundId: 'refund_3' });
    expect(emails(late)).toEqual([]);
  });
});

function effectsOfDecision(decision: ReturnType<typeof decide>) {
  return decision.outcome === 'applied' ? decision.effects : [];
}

describe('a parcel in trouble at the courier', () => {
  const shipped: OrderState = {
    status: 'shipped',
    paymentStatus: 'paid',
    refund: null,
    shipmentStage: 'in_transit',
    stockTaken: true,
    holds: false,
    couponUse: null,
  };

  it('is flagged while the order is on its way, and the flag clears with the next ordinary status', () => {
    expect(decide(shipped, { type: 'courier_status_reported', exception: true })).toEqual({
      outcome: 'applied',
      next: shipped,
      effects: [{ type: 'flag_attention', reason: 'courier_exception' }],
    });
    expect(decide(shipped, { type: 'courier_status_reported', exception: false })).toEqual({
      outcome: 'applied',
      next: shipped,
      effects: [{ type: 'resolve_attention', reason: 'courier_exception' }],
    });
    const cancelled = { ...shipped, status: 'cancelled' as const, shipmentStage: 'cancelled' as const };
    expect(decide(cancelled, { type: 'courier_status_reported', exception: true })).toEqual({
      outcome: 'applied',
      next: cancelled,
      effects: [],
    });
  });
});

describe('the order lifecycle and the stock (docs/architecture.md#stock), over random sequences', () => {
  // The caller's side, simulated: the shelf the order's units come from, which the owner may recount at any
  // time, and the units the order took. `stockCovered` is what the caller computes under the products' locks.
  const ownerSetsStock = fc.record({ type: fc.constant('owner_sets_stock' as const), units: fc.nat(4) });
  const stockSteps = fc.array(fc.oneof(event, ownerSetsStock), { maxLength: 40 });

  function runWithShelf(
    sequence: (OrderEvent | { type: 'owner_sets_stock'; units: number })[],
    units: number,
  ) {
    let state = NEW_ORDER;
    let shelf = 2;
    let taken = 0;
    const observations: { step: Step; shelf: number; taken: number }[] = [];
    for (const item of sequence) {
      if (item.type === 'owner_sets_stock') {
        shelf = item.units;
        continue;
      }
      const covered = shelf >= units;
      const next: OrderEvent =
        item.type === 'payment_captured' || item.type === 'ship_late_requested'
          ? { ...item, stockCovered: covered }
          : item;
      const decision = decide(state, next);
      const after = decision.outcome === 'applied' ? decision.next : state;
      const step = { before: state, event: next, decision, after };
      for (const effect of effectsOf(step)) {
        if (effect.type === 'take_stock') {
          expect(covered).toBe(true);
          shelf -= units;
          taken += units;
        }
        if (effect.type === 'put_back_stock') {
          shelf += taken;
          taken = 0;
        }
      }
      observations.push({ step, shelf, taken });
      state = after;
    }
    return observations;
  }

  it('never ships a paid order without its stock taken, and never takes stock below zero', () => {
    fc.assert(
      fc.property(stockSteps, fc.integer({ min: 1, max: 3 }), (sequence, units) => {
        for (const { step, shelf, taken } of runWithShelf(sequence, units)) {
          expect(shelf).toBeGreaterThanOrEqual(0);
          expect(step.after.stockTaken).toBe(taken > 0);
          expect(taken === 0 || taken === units).toBe(true);
          if (effectsOf(step).some((effect) => effect.type === 'enqueue_shipment')) {
            expect(step.after.stockTaken).toBe(true);
          }
        }
      }),
    );
  });

  it('puts back what a cancelled order took, once', () => {
    fc.assert(
      fc.property(stockSteps, fc.integer({ min: 1, max: 3 }), (sequence, units) => {
        for (const { step, taken } of runWithShelf(sequence, units)) {
          if (step.after.status === 'cancelled') expect(taken).toBe(0);
        }
      }),
    );
  });
});

describe('the checkout holds (docs/architecture.md#holds), over random sequences', () => {
  it('hold only while the checkout is in progress, and are given back once, when it ends', () => {
    fc.assert(
      fc.property(events, (sequence) => {
        let state = NEW_ORDER;
        let released = 0;
        for (const item of sequence) {
          const decision = decide(state, item);
          const after = decision.outcome === 'applied' ? decision.next : state;
          const releases = effectsOfDecision(decision).filter((effect) => effect.type === 'release_holds');
          released += releases.length;
          expect(releases.length).toBe(state.holds && !after.holds ? 1 : 0);
          if (after.holds) expect([after.status, after.paymentStatus]).toEqual(['pending', 'pending']);
          state = after;
        }
        expect(released).toBeLessThanOrEqual(1);
        if (state.status !== 'pending' || state.paymentStatus !== 'pending') expect(state.holds).toBe(false);
      }),
    );
  });

  it('are given back before a paid order takes its stock, so its units are never counted twice', () => {
    fc.assert(
      fc.property(events, (sequence) => {
        let state = NEW_ORDER;
        for (const item of sequence) {
          const decision = decide(state, item);
          const types = effectsOfDecision(decision).map((effect) => effect.type);
          if (types.includes('take_stock') && state.holds) {
            expect(types.indexOf('release_holds')).toBeLessThan(types.indexOf('take_stock'));
          }
          state = decision.outcome === 'applied' ? decision.next : state;
        }
      }),
    );
  });
});

describe("a discount code's use (docs/product.md#discount-codes), over random sequences", () => {
  const WITH_CODE: OrderState = { ...NEW_ORDER, couponUse: 'reserved' };

  it('counts as used exactly while the order is paid and not cancelled, and each change is counted once', () => {
    fc.assert(
      fc.property(events, (sequence) => {
        let state = WITH_CODE;
        let counted = 0;
        for (const item of sequence) {
          const decision = decide(state, item);
          const after = decision.outcome === 'applied' ? decision.next : state;
          const types = effectsOfDecision(decision).map((effect) => effect.type);
          const consumed = types.filter((type) => type === 'consume_coupon_use').length;
          const returned = types.filter((type) => type === 'return_coupon_use').length;
          expect(consumed).toBe(state.couponUse !== 'consumed' && after.couponUse === 'consumed' ? 1 : 0);
          expect(returned).toBe(state.couponUse === 'consumed' && after.couponUse !== 'consumed' ? 1 : 0);
          counted += consumed - returned;
          expect(counted).toBe(after.couponUse === 'consumed' ? 1 : 0);
          expect(after.couponUse === 'consumed').toBe(wasPaid(after) && after.status !== 'cancelled');
          if (after.couponUse === 'reserved')
            expect([after.status, after.paymentStatus]).toEqual(['pending', 'pending']);
          state = after;
        }
      }),
    );
  });

  it('is never touched on an order without a code', () => {
    fc.assert(
      fc.property(events, (sequence) => {
        for (const step of run(sequence)) {
          expect(step.after.couponUse).toBeNull();
          const types = effectsOf(step).map((effect) => effect.type);
          expect(types).not.toContain('consume_coupon_use');
          expect(types).not.toContain('return_coupon_use');
        }
      }),
    );
  });

  it('is counted after the held units are given back and the stock taken (the coupon row is locked last)', () => {
    fc.assert(
      fc.property(events, (sequence) => {
        let state = WITH_CODE;
        for (const item of sequence) {
          const decision = decide(state, item);
          const types = effectsOfDecision(decision).map((effect) => effect.type);
          for (const couponEffect of ['consume_coupon_use', 'return_coupon_use'] as const) {
            const at = types.indexOf(couponEffect);
            if (at < 0) continue;
            for (const earlier of ['release_holds', 'take_stock', 'put_back_stock'] as const) {
              if (types.includes(earlier)) expect(types.indexOf(earlier)).toBeLessThan(at);
            }
          }
          state = decision.outcome === 'applied' ? decision.next : state;
        }
      }),
    );
  });

  it('by example: paid, consumed; cancelled before shipping, given back; a lapsed checkout paid late, consumed', () => {
    const paid = decide(WITH_CODE, {
      type: 'payment_captured',
      paymentId: 'pay_1',
      repeat: false,
      stockCovered: true,
    });
    expect(paid.outcome === 'applied' && paid.next.couponUse).toBe('consumed');
    if (paid.outcome !== 'applied') return;
    const cancelled = decide(paid.next, { type: 'cancel_requested', by: 'shopper' });
    expect(cancelled.outcome === 'applied' && cancelled.next.couponUse).toBe('released');
    expect(effectsOfDecision(cancelled)).toContainEqual({ type: 'return_coupon_use' });
    const shipped = decide(
      { ...paid.next, status: 'shipped', shipmentStage: 'in_transit' },
      { type: 'cancel_requested', by: 'shop' },
    );
    expect(shipped).toEqual({ outcome: 'refused', reason: 'after_pickup' });
    const abandoned = decide(WITH_CODE, { type: 'checkout_abandoned' });
    expect(abandoned.outcome === 'applied' && abandoned.next.couponUse).toBe('released');
    expect(effectsOfDecision(abandoned)).not.toContainEqual({ type: 'return_coupon_use' });
    if (abandoned.outcome !== 'applied') return;
    const late = decide(abandoned.next, {
      type: 'payment_captured',
      paymentId: 'pay_1',
      repeat: false,
      stockCovered: true,
    });
    expect(late.outcome === 'applied' && late.next.couponUse).toBe('consumed');
  });
});

describe('an order paid out of stock, by example', () => {
  const paidWithout = decide(NEW_ORDER, {
    type: 'payment_captured',
    paymentId: 'pay_1',
    repeat: false,
    stockCovered: false,
  });

  it('is confirmed to the shopper, not shipped, and flagged for the owner', () => {
    expect(paidWithout).toEqual({
      outcome: 'applied',
      next: { ...NEW_ORDER, status: 'confirmed', paymentStatus: 'paid', stockTaken: false, holds: false },
      effects: [
        { type: 'release_holds' },
        { type: 'clear_cart' },
        { type: 'flag_attention', reason: 'paid_out_of_stock' },
        { type: 'send_email', kind: 'confirmed' },
        { type: 'alert_new_order' },
      ],
    });
  });

  it('ships late only once the stock covers it', () => {
    if (paidWithout.outcome !== 'applied') throw new Error('not applied');
    const paid = paidWithout.next;
    expect(decide(paid, { type: 'ship_late_requested', stockCovered: false })).toEqual({
      outcome: 'refused',
      reason: 'out_of_stock',
    });
    expect(decide(paid, { type: 'ship_late_requested', stockCovered: true })).toEqual({
      outcome: 'applied',
      next: { ...paid, stockTaken: true },
      effects: [
        { type: 'take_stock' },
        { type: 'resolve_attention', reason: 'paid_out_of_stock' },
        { type: 'enqueue_shipment' },
      ],
    });
  });

  it('cancelled, puts back nothing and leaves the owner list', () => {
    if (paidWithout.outcome !== 'applied') throw new Error('not applied');
    const effects = effectsOfDecision(decide(paidWithout.next, { type: 'cancel_requested', by: 'shop' }));
    expect(effects).toContainEqual({ type: 'resolve_attention', reason: 'paid_out_of_stock' });
    expect(effects).not.toContainEqual({ type: 'put_back_stock' });
  });
});
