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
  codAdvance: null,
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
  fc.record({ type: fc.constant('checkout_replaced' as const), notify: fc.boolean() }),
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

describe('the money an online order records (docs/architecture.md#money-record), over random sequences', () => {
  it('charges and collects once, with the payment that paid it, never voids, and refunds only what was collected', () => {
    fc.assert(
      fc.property(events, (sequence) => {
        let charged = 0;
        const collectedBy = new Set<string>();
        for (const step of run(sequence)) {
          for (const effect of effectsOf(step)) {
            if (effect.type === 'record_charges') {
              charged += 1;
              expect(step.after.paymentStatus).toBe('paid');
            }
            if (effect.type === 'record_collection') {
              expect(effect.method).toBe('online');
              if (effect.method === 'online') collectedBy.add(effect.paymentId);
            }
            expect(effect.type).not.toBe('void_charges');
            if (effect.type === 'record_refund') expect(collectedBy.size).toBeGreaterThan(0);
          }
          expect(charged).toBeLessThanOrEqual(1);
          // A second payment is a stray one, refunded on its own: never the order's money.
          expect(collectedBy.size).toBeLessThanOrEqual(1);
        }
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
      // The money was received, so it goes into the money record, and back to the shopper.
      effects: [
        { type: 'record_collection', method: 'online', paymentId: 'pay_1' },
        { type: 'refund_order' },
      ],
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
    codAdvance: null,
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
    codAdvance: null,
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
    codAdvance: null,
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
        { type: 'record_charges' },
        { type: 'record_collection', method: 'online', paymentId: 'pay_1' },
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

// ---- COD money (docs/product.md#cod-refunds, #cod-remittances)

describe('refunds and remittances of a cash-on-delivery order, over random sequences', () => {
  const DELIVERED_COD: OrderState = {
    status: 'delivered',
    paymentStatus: 'collected',
    refund: null,
    shipmentStage: 'delivered',
    stockTaken: true,
    holds: false,
    couponUse: null,
    codAdvance: null,
  };
  const codEvent: fc.Arbitrary<OrderEvent> = fc.oneof(
    fc.record({
      type: fc.constant('cod_refund_requested' as const),
      amountPaise: fc.integer({ min: -100, max: 200_000 }),
      refundablePaise: fc.integer({ min: 0, max: 100_000 }),
    }),
    fc.record({
      type: fc.constant('cod_refund_settled' as const),
      fullyRefunded: fc.boolean(),
      refundId: fc.constantFrom('payout:1', 'elsewhere:2'),
    }),
    fc.constant({ type: 'cod_refund_failed' as const }),
    fc.record({ type: fc.constant('cod_remitted' as const), mismatch: fc.boolean() }),
    fc.constant({ type: 'cod_remittance_overdue' as const }),
    fc.constant({ type: 'cod_remittance_checked' as const }),
  );
  const start = fc.constantFrom<OrderState>(
    DELIVERED_COD,
    { ...DELIVERED_COD, paymentStatus: 'cod_due', status: 'confirmed', shipmentStage: null },
    { ...DELIVERED_COD, paymentStatus: 'partially_refunded' },
  );

  function runFrom(initial: OrderState, sequence: OrderEvent[]): Step[] {
    let state = initial;
    return sequence.map((next) => {
      const decision = decide(state, next);
      const after = decision.outcome === 'applied' ? decision.next : state;
      const step = { before: state, event: next, decision, after };
      state = after;
      return step;
    });
  }

  it('never changes the order, its parcel or its stock; only its payment status, forward to refunded', () => {
    fc.assert(
      fc.property(start, fc.array(codEvent, { maxLength: 30 }), (initial, sequence) => {
        for (const step of runFrom(initial, sequence)) {
          const { paymentStatus: _before, ...restBefore } = step.before;
          const { paymentStatus: _after, ...restAfter } = step.after;
          expect(restAfter).toEqual(restBefore);
          if (step.before.paymentStatus === 'refunded') expect(step.after.paymentStatus).toBe('refunded');
          // Nothing collected, nothing refunded: a COD order before delivery keeps cod_due.
          if (step.before.paymentStatus === 'cod_due') expect(step.after.paymentStatus).toBe('cod_due');
        }
      }),
    );
  });

  it('accepts a refund only of collected cash and within what is left', () => {
    fc.assert(
      fc.property(start, fc.array(codEvent, { maxLength: 30 }), (initial, sequence) => {
        for (const step of runFrom(initial, sequence)) {
          if (step.event.type !== 'cod_refund_requested') continue;
          const { amountPaise, refundablePaise } = step.event;
          const allowed =
            step.before.paymentStatus !== 'cod_due' && amountPaise > 0 && amountPaise <= refundablePaise;
          expect(step.decision.outcome).toBe(allowed ? 'applied' : 'refused');
        }
      }),
    );
  });

  it('flags a failed payout and a short remittance for a person, and clears each once it is put right', () => {
    const failed = decide(DELIVERED_COD, { type: 'cod_refund_failed' });
    expect(failed).toMatchObject({ effects: [{ type: 'flag_attention', reason: 'cod_refund_failing' }] });
    const settled = decide(DELIVERED_COD, {
      type: 'cod_refund_settled',
      fullyRefunded: false,
      refundId: 'payout:1',
    });
    // Told as an online part refund is (docs/product.md#partial-refund-message).
    expect(settled).toMatchObject({
      next: { paymentStatus: 'partially_refunded' },
      effects: [
        { type: 'resolve_attention', reason: 'cod_refund_failing' },
        { type: 'record_refund', refundId: 'payout:1' },
        { type: 'send_email', kind: 'partially_refunded', refundId: 'payout:1' },
      ],
    });
    const whole = decide(
      { ...DELIVERED_COD, paymentStatus: 'partially_refunded' },
      { type: 'cod_refund_settled', fullyRefunded: true, refundId: 'elsewhere:2' },
    );
    expect(whole).toMatchObject({
      next: { paymentStatus: 'refunded' },
      effects: [
        { type: 'resolve_attention', reason: 'cod_refund_failing' },
        { type: 'record_refund', refundId: 'elsewhere:2' },
        { type: 'send_email', kind: 'refunded' },
      ],
    });
    expect(decide(DELIVERED_COD, { type: 'cod_remitted', mismatch: true })).toMatchObject({
      effects: [
        { type: 'resolve_attention', reason: 'cod_not_remitted' },
        { type: 'flag_attention', reason: 'cod_remittance_mismatch' },
      ],
    });
    expect(decide(DELIVERED_COD, { type: 'cod_remittance_overdue' })).toMatchObject({
      effects: [{ type: 'flag_attention', reason: 'cod_not_remitted' }],
    });
    expect(decide(DELIVERED_COD, { type: 'cod_remittance_checked' })).toMatchObject({
      effects: [{ type: 'resolve_attention', reason: 'cod_remittance_mismatch' }],
    });
    const notCollected = { ...DELIVERED_COD, paymentStatus: 'cod_due' as const };
    expect(decide(notCollected, { type: 'cod_remittance_overdue' })).toMatchObject({ effects: [] });
  });
});

// ---- Cash on delivery (docs/product.md#cash-on-delivery) ----

describe('a cash-on-delivery order, over random event sequences', () => {
  const NEW_COD_ORDER: OrderState = {
    ...NEW_ORDER,
    paymentStatus: 'cod_due',
    couponUse: 'reserved',
  };
  const codEvent: fc.Arbitrary<OrderEvent> = fc.oneof(
    event,
    fc.constant({ type: 'cod_placed' as const }),
    fc.record({
      type: fc.constant('cod_confirmed' as const),
      via: fc.constantFrom('otp' as const, 'link' as const, 'staff' as const),
      stockCovered: fc.boolean(),
    }),
    fc.constant({ type: 'cod_confirmation_expired' as const }),
    fc.record({ type: fc.constant('checkout_replaced' as const), notify: fc.boolean() }),
    fc.constant({ type: 'rto_received' as const }),
    // Weighted towards a parcel's road, so deliveries and returns happen often.
    fc.record({
      type: fc.constant('courier_stage_reported' as const),
      stage: fc.constantFrom('picked_up' as const, 'delivered' as const, 'returned' as const),
    }),
  );
  const codSteps = fc.array(fc.oneof(codEvent, codEvent, fc.nat(3)), { maxLength: 50 });

  interface CodObservation {
    step: Step;
    types: OrderEffect['type'][];
    shelf: number;
    taken: number;
  }

  /** Runs the order with a shelf the owner may recount (the numbers), as the stock tests do. */
  function runCod(sequence: (OrderEvent | number)[], units: number, start = NEW_COD_ORDER): CodObservation[] {
    let state = start;
    let shelf = 2;
    let taken = 0;
    const seen: CodObservation[] = [];
    for (const item of sequence) {
      if (typeof item === 'number') {
        shelf = item;
        continue;
      }
      const covered = shelf >= units;
      const next: OrderEvent =
        item.type === 'cod_confirmed' ||
        item.type === 'ship_late_requested' ||
        item.type === 'payment_captured'
          ? { ...item, stockCovered: covered }
          : item;
      const decision = decide(state, next);
      const after = decision.outcome === 'applied' ? decision.next : state;
      const step = { before: state, event: next, decision, after };
      const types = effectsOf(step).map((effect) => effect.type);
      for (const type of types) {
        if (type === 'take_stock') {
          expect(covered).toBe(true);
          shelf -= units;
          taken += units;
        }
        if (type === 'put_back_stock') {
          shelf += taken;
          taken = 0;
        }
      }
      seen.push({ step, types, shelf, taken });
      state = after;
    }
    return seen;
  }

  const confirmedBy = (step: Step) =>
    step.event.type === 'cod_confirmed' &&
    step.decision.outcome === 'applied' &&
    step.decision.effects.some((effect) => effect.type === 'record_cod_confirmation');

  it('never ships an unconfirmed COD order: no shipment job, and a parcel booked for it is stopped', () => {
    fc.assert(
      fc.property(codSteps, fc.integer({ min: 1, max: 3 }), (sequence, units) => {
        let confirmed = false;
        for (const { step, types } of runCod(sequence, units)) {
          if (confirmedBy(step)) confirmed = true;
          if (types.includes('enqueue_shipment')) expect(confirmed).toBe(true);
          if (!confirmed) {
            expect(['pending', 'cancelled']).toContain(step.after.status);
            if (step.event.type === 'parcel_booked') expect(types).toContain('cancel_courier_order');
          }
        }
      }),
    );
  });

  it('is confirmed at most once, booked at most once, and never takes its stock twice', () => {
    fc.assert(
      fc.property(codSteps, fc.integer({ min: 1, max: 3 }), (sequence, units) => {
        let confirmations = 0;
        let shipments = 0;
        for (const { step, types, shelf, taken } of runCod(sequence, units)) {
          confirmations += types.filter((type) => type === 'record_cod_confirmation').length;
          shipments += types.filter((type) => type === 'enqueue_shipment').length;
          if (types.includes('take_stock')) expect(step.before.stockTaken).toBe(false);
          expect(shelf).toBeGreaterThanOrEqual(0);
          expect(taken === 0 || taken === units).toBe(true);
          expect(step.after.stockTaken).toBe(taken > 0);
        }
        expect(confirmations).toBeLessThanOrEqual(1);
        expect(shipments).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("puts an RTO'd order's stock back once the parcel is received, and a cancelled one's at once", () => {
    fc.assert(
      fc.property(codSteps, fc.integer({ min: 1, max: 3 }), (sequence, units) => {
        for (const { step, taken } of runCod(sequence, units)) {
          if (step.after.status === 'cancelled') expect(taken).toBe(0);
          if (step.after.status === 'returned_to_origin' && step.event.type === 'rto_received') {
            expect(taken).toBe(0);
          }
        }
      }),
    );
  });

  it('is collected exactly when delivered, invoiced once at handover, and credited once after an RTO', () => {
    fc.assert(
      fc.property(codSteps, (sequence) => {
        let invoices = 0;
        let creditNotes = 0;
        for (const { step, types } of runCod(sequence, 1)) {
          const { before, after } = step;
          expect(after.paymentStatus === 'collected').toBe(after.status === 'delivered');
          expect(['cod_due', 'collected']).toContain(after.paymentStatus);
          if (types.includes('issue_invoice')) {
            invoices += 1;
            expect(['shipped', 'out_for_delivery', 'delivered']).toContain(after.status);
          }
          if (types.includes('issue_rto_credit_note')) {
            creditNotes += 1;
            expect(invoices === 0 || after.status === 'returned_to_origin').toBe(true);
          }
          // No money was taken: nothing is ever refunded by the lifecycle for a COD order.
          expect(types).not.toContain('refund_order');
          if (before.status === 'returned_to_origin') expect(after.status).toBe('returned_to_origin');
        }
        expect(invoices).toBeLessThanOrEqual(1);
        expect(creditNotes).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('records its money once: charged when confirmed, collected when delivered, voided only if never collected', () => {
    fc.assert(
      fc.property(codSteps, fc.integer({ min: 1, max: 3 }), (sequence, units) => {
        let charged = 0;
        let collected = 0;
        let voided = 0;
        for (const { step, types } of runCod(sequence, units)) {
          charged += types.filter((type) => type === 'record_charges').length;
          collected += types.filter((type) => type === 'record_collection').length;
          voided += types.filter((type) => type === 'void_charges').length;
          if (types.includes('record_charges')) expect(confirmedBy(step)).toBe(true);
          if (types.includes('void_charges')) expect(step.after.paymentStatus).toBe('cod_due');
          if (types.includes('record_refund')) expect(collected).toBe(1);
          expect(charged).toBeLessThanOrEqual(1);
          expect(collected).toBeLessThanOrEqual(charged);
          // docs/architecture.md#money-record: a void undoes a charge nothing was collected for, once.
          expect(voided).toBeLessThanOrEqual(charged - collected);
        }
      }),
    );
  });

  it('holds its units and code only while it awaits confirmation, and gives them back once', () => {
    fc.assert(
      fc.property(codSteps, (sequence) => {
        let released = 0;
        for (const { step, types } of runCod(sequence, 1)) {
          released += types.filter((type) => type === 'release_holds').length;
          if (step.after.holds)
            expect([step.after.status, step.after.paymentStatus]).toEqual(['pending', 'cod_due']);
          const { couponUse, status } = step.after;
          const live = status !== 'pending' && status !== 'cancelled' && status !== 'returned_to_origin';
          if (live) expect(couponUse).toBe('consumed');
        }
        expect(released).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('by example: placed, asks for confirmation; confirmed, ships; delivered, collected with the invoice', () => {
    const placed = decide(NEW_COD_ORDER, { type: 'cod_placed' });
    expect(placed).toEqual({
      outcome: 'applied',
      next: NEW_COD_ORDER,
      effects: [{ type: 'send_email', kind: 'cod_confirm_request' }],
    });
    const confirmed = decide(NEW_COD_ORDER, { type: 'cod_confirmed', via: 'otp', stockCovered: true });
    if (confirmed.outcome !== 'applied') throw new Error('confirming was refused');
    expect(confirmed.next).toMatchObject({ status: 'confirmed', paymentStatus: 'cod_due', stockTaken: true });
    expect(confirmed.effects.map((effect) => effect.type)).toEqual([
      'record_cod_confirmation',
      'record_charges',
      'release_holds',
      'clear_cart',
      'take_stock',
      'enqueue_shipment',
      'consume_coupon_use',
      'send_email',
      'alert_new_order',
    ]);
    const booked = decide(confirmed.next, { type: 'parcel_booked', stage: 'awb_assigned' });
    if (booked.outcome !== 'applied') throw new Error('booking was refused');
    const pickedUp = decide(booked.next, { type: 'courier_stage_reported', stage: 'picked_up' });
    if (pickedUp.outcome !== 'applied') throw new Error('pickup was refused');
    expect(pickedUp.effects).toContainEqual({ type: 'issue_invoice' });
    const delivered = decide(pickedUp.next, { type: 'courier_stage_reported', stage: 'delivered' });
    if (delivered.outcome !== 'applied') throw new Error('delivery was refused');
    expect(delivered.next).toMatchObject({ status: 'delivered', paymentStatus: 'collected' });
    expect(delivered.effects).not.toContainEqual({ type: 'issue_invoice' });
    expect(delivered.effects).toContainEqual({ type: 'record_collection', method: 'cod_cash' });
  });

  it('by example: unconfirmed, expires cancelled with a message; a cancelled one cannot be confirmed', () => {
    const expired = decide(NEW_COD_ORDER, { type: 'cod_confirmation_expired' });
    if (expired.outcome !== 'applied') throw new Error('expiry was refused');
    expect(expired.next).toMatchObject({ status: 'cancelled', holds: false, couponUse: 'released' });
    expect(expired.effects).toEqual([
      { type: 'release_holds' },
      { type: 'send_email', kind: 'cod_unconfirmed_cancelled' },
    ]);
    expect(decide(expired.next, { type: 'cod_confirmed', via: 'link', stockCovered: true })).toEqual({
      outcome: 'refused',
      reason: 'not_awaiting_confirmation',
    });
    expect(decide(NEW_ORDER, { type: 'cod_confirmed', via: 'otp', stockCovered: true })).toEqual({
      outcome: 'refused',
      reason: 'not_cod',
    });
  });

  it('by example: a checkout replaced by a newer one ends as an expiry does, and money for it is refunded', () => {
    const online = decide(
      { ...NEW_ORDER, couponUse: 'reserved' },
      { type: 'checkout_replaced', notify: false },
    );
    if (online.outcome !== 'applied') throw new Error('replacing was refused');
    expect(online.next).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'pending',
      holds: false,
      couponUse: 'released',
    });
    expect(online.effects).toEqual([{ type: 'release_holds' }]);
    const paidLate = decide(online.next, {
      type: 'payment_captured',
      paymentId: 'pay_1',
      repeat: false,
      stockCovered: true,
    });
    if (paidLate.outcome !== 'applied') throw new Error('the late payment was refused');
    expect(paidLate.next).toMatchObject({ status: 'cancelled', couponUse: 'released' });
    expect(paidLate.effects).toEqual([
      { type: 'record_collection', method: 'online', paymentId: 'pay_1' },
      { type: 'refund_order' },
    ]);

    const mine = decide(NEW_COD_ORDER, { type: 'checkout_replaced', notify: false });
    expect(mine).toMatchObject({ next: { status: 'cancelled', paymentStatus: 'cod_due', holds: false } });
    expect(mine.outcome === 'applied' && mine.effects).toEqual([{ type: 'release_holds' }]);
    const anothers = decide(NEW_COD_ORDER, { type: 'checkout_replaced', notify: true });
    expect(anothers.outcome === 'applied' && anothers.effects).toEqual([
      { type: 'release_holds' },
      { type: 'send_email', kind: 'cod_unconfirmed_cancelled' },
    ]);
    // Only a checkout in progress is ever replaced.
    const confirmed: OrderState = { ...NEW_COD_ORDER, status: 'confirmed', holds: false, stockTaken: true };
    expect(decide(confirmed, { type: 'checkout_replaced', notify: true })).toEqual({
      outcome: 'applied',
      next: confirmed,
      effects: [],
    });
  });

  it('by example: returned to origin, the stock comes back on receipt with a credit note, once', () => {
    const shipped: OrderState = {
      ...NEW_COD_ORDER,
      status: 'shipped',
      shipmentStage: 'in_transit',
      stockTaken: true,
      holds: false,
      couponUse: 'consumed',
    };
    const returning = decide(shipped, { type: 'courier_stage_reported', stage: 'returned' });
    if (returning.outcome !== 'applied') throw new Error('RTO was refused');
    expect(returning.next).toMatchObject({ status: 'returned_to_origin', shipmentStage: 'returned' });
    expect(returning.effects.map((effect) => effect.type)).not.toContain('flag_attention');
    expect(decide(returning.next, { type: 'cancel_requested', by: 'shopper' })).toEqual({
      outcome: 'refused',
      reason: 'after_pickup',
    });
    const received = decide(returning.next, { type: 'rto_received' });
    if (received.outcome !== 'applied') throw new Error('receipt was refused');
    expect(received.next).toMatchObject({ stockTaken: false, couponUse: 'released' });
    expect(received.effects).toEqual([
      { type: 'put_back_stock' },
      { type: 'return_coupon_use' },
      { type: 'issue_rto_credit_note' },
      // Nothing was collected: nothing is owed (docs/architecture.md#money-record).
      { type: 'void_charges' },
    ]);
    expect(decide(received.next, { type: 'rto_received' })).toEqual({
      outcome: 'applied',
      next: received.next,
      effects: [],
    });
  });

  it('by example: a confirmed COD order cancelled before pickup puts its stock back, with no refund', () => {
    const confirmed: OrderState = {
      ...NEW_COD_ORDER,
      status: 'confirmed',
      stockTaken: true,
      holds: false,
      couponUse: 'consumed',
    };
    const cancelled = decide(confirmed, { type: 'cancel_requested', by: 'shopper' });
    if (cancelled.outcome !== 'applied') throw new Error('cancel was refused');
    expect(cancelled.next).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'cod_due',
      stockTaken: false,
    });
    const types = cancelled.effects.map((effect) => effect.type);
    expect(types).toContain('put_back_stock');
    expect(types).toContain('return_coupon_use');
    expect(types).not.toContain('refund_order');
    expect(cancelled.effects).toContainEqual({ type: 'send_email', kind: 'cancelled' });
  });

  describe('with an advance paid online (docs/product.md#part-paid-cod)', () => {
    const AWAITING_ADVANCE: OrderState = { ...NEW_COD_ORDER, codAdvance: 'due' };
    const advanceEvent: fc.Arbitrary<OrderEvent> = fc.oneof(
      codEvent,
      fc.record({
        type: fc.constant('payment_captured' as const),
        paymentId,
        repeat: fc.constant(false),
        stockCovered: fc.boolean(),
      }),
      fc.record({
        type: fc.constant('cod_confirmed' as const),
        via: fc.constantFrom('otp' as const, 'link' as const, 'staff' as const),
        stockCovered: fc.boolean(),
      }),
      fc.record({
        type: fc.constant('refund_settled' as const),
        fullyRefunded: fc.constant(true),
        refundId: fc.constantFrom('refund_1', 'refund_2'),
      }),
      fc.record({
        type: fc.constant('cancel_requested' as const),
        by: fc.constantFrom('shopper' as const, 'shop' as const),
      }),
    );
    const advanceSteps = fc.array(fc.oneof(advanceEvent, advanceEvent, fc.nat(3)), { maxLength: 50 });
    const runAdvance = (sequence: (OrderEvent | number)[], units = 1) =>
      runCod(sequence, units, AWAITING_ADVANCE);

    it('is confirmed only by its advance, never by an OTP, a link or staff, and at most once', () => {
      fc.assert(
        fc.property(advanceSteps, (sequence) => {
          let confirmations = 0;
          for (const { step, types } of runAdvance(sequence)) {
            if (!types.includes('record_cod_confirmation')) continue;
            confirmations += 1;
            expect(step.event.type).toBe('payment_captured');
            expect(effectsOf(step)).toContainEqual({ type: 'record_cod_confirmation', via: 'advance' });
            expect(step.after.codAdvance).toBe('paid');
          }
          expect(confirmations).toBeLessThanOrEqual(1);
        }),
      );
    });

    it('collects one payment as its advance; every other goes back in full', () => {
      fc.assert(
        fc.property(advanceSteps, (sequence) => {
          let online = 0;
          for (const { step, types } of runAdvance(sequence)) {
            online += effectsOf(step).filter(
              (effect) => effect.type === 'record_collection' && effect.method === 'online',
            ).length;
            const newPayment = step.event.type === 'payment_captured' && !step.event.repeat;
            if (newPayment && step.before.codAdvance !== 'due') {
              expect(types).toContain('refund_stray_payment');
            }
          }
          expect(online).toBeLessThanOrEqual(1);
        }),
      );
    });

    it('gives the advance back when the order is cancelled, never when it is delivered or returned to origin', () => {
      fc.assert(
        fc.property(advanceSteps, (sequence) => {
          let refundQueued = false;
          for (const { step, types } of runAdvance(sequence)) {
            if (types.includes('refund_order')) {
              refundQueued = true;
              expect(step.after.status).toBe('cancelled');
            }
            const { after } = step;
            if (after.status === 'cancelled' && after.codAdvance === 'paid') {
              expect(owesRefund(after)).toBe(true);
              expect(refundQueued).toBe(true);
            }
            // Only a refund that reached the shopper (the order's, or the owner's from Razorpay) settles it.
            if (after.codAdvance === 'refunded' && step.before.codAdvance !== 'refunded') {
              expect(step.event.type).toBe('refund_settled');
            }
            if (after.status !== 'cancelled') expect(owesRefund(after)).toBe(false);
            // The cash the courier collects is the rest: collected only for an order its advance confirmed.
            if (types.includes('record_collection') && after.status === 'delivered') {
              expect(['paid', 'refunded']).toContain(after.codAdvance);
            }
          }
        }),
      );
    });

    it('by example: the advance confirms; cancelled, it is refunded; its refund settles it once', () => {
      const paid = decide(AWAITING_ADVANCE, {
        type: 'payment_captured',
        paymentId: 'pay_1',
        repeat: false,
        stockCovered: true,
      });
      if (paid.outcome !== 'applied') throw new Error('the advance was refused');
      expect(paid.next).toMatchObject({ status: 'confirmed', paymentStatus: 'cod_due', codAdvance: 'paid' });
      const types = paid.effects.map((effect) => effect.type);
      expect(types.indexOf('record_collection')).toBe(types.indexOf('record_charges') + 1);
      const cancelled = decide(paid.next, { type: 'cancel_requested', by: 'shopper' });
      if (cancelled.outcome !== 'applied') throw new Error('cancel was refused');
      expect(cancelled.effects.map((effect) => effect.type)).toEqual(
        expect.arrayContaining(['void_charges', 'refund_order', 'put_back_stock']),
      );
      const refunded = decide(cancelled.next, { type: 'refund_settled', fullyRefunded: true, refundId: 'r' });
      if (refunded.outcome !== 'applied') throw new Error('refund was refused');
      expect(refunded.next.codAdvance).toBe('refunded');
      expect(refunded.effects).toContainEqual({ type: 'record_refund', refundId: 'r' });
      expect(decide(refunded.next, { type: 'refund_settled', fullyRefunded: true, refundId: 'r' })).toEqual({
        outcome: 'applied',
        next: refunded.next,
        effects: [],
      });
    });
  });
});
// ---- end of cash on delivery ----

describe('a failed delivery brought back (docs/product.md#failed-deliveries), over random sequences', () => {
  const ndrEvent: fc.Arbitrary<OrderEvent> = fc.oneof(
    event,
    fc.record({ type: fc.constant('ndr_return_received' as const), chosen: fc.boolean() }),
    fc.constant({ type: 'rto_received' as const }),
    fc.record({
      type: fc.constant('courier_stage_reported' as const),
      stage: fc.constant('returned' as const),
    }),
  );

  function runFrom(start: OrderState, sequence: OrderEvent[]): Step[] {
    let state = start;
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

  const isNdrReturn = (step: Step) => step.event.type === 'ndr_return_received';

  const backAfterNdr = (step: Step) =>
    isNdrReturn(step) &&
    step.before.shipmentStage === 'returned' &&
    step.before.status !== 'cancelled' &&
    step.before.status !== 'delivered';

  it('refunds a paid order in full once its parcel is back, cancels it and puts its units back, once', () => {
    fc.assert(
      fc.property(fc.array(ndrEvent, { maxLength: 40 }), (sequence) => {
        for (const step of run(sequence).filter(isNdrReturn)) {
          const types = effectsOf(step).map((effect) => effect.type);
          if (!backAfterNdr(step)) {
            expect(step.after).toEqual(step.before);
            expect(types).toEqual([]);
            continue;
          }
          expect(step.after.status).toBe('cancelled');
          expect(step.after.stockTaken).toBe(false);
          expect(types.filter((type) => type === 'put_back_stock').length).toBe(
            step.before.stockTaken ? 1 : 0,
          );
          expect(types.includes('refund_order')).toBe(
            step.before.paymentStatus === 'paid' || step.before.paymentStatus === 'partially_refunded',
          );
        }
      }),
    );
  });

  it('never refunds a cash-on-delivery order, and cancels it only when a return was chosen', () => {
    const codOrder: OrderState = {
      ...NEW_ORDER,
      paymentStatus: 'cod_due',
      status: 'confirmed',
      stockTaken: true,
    };
    fc.assert(
      fc.property(fc.array(ndrEvent, { maxLength: 40 }), (sequence) => {
        const steps = runFrom(codOrder, sequence);
        for (const step of steps) {
          expect(effectsOf(step).map((effect) => effect.type)).not.toContain('refund_order');
          if (backAfterNdr(step)) {
            const chosen = step.event.type === 'ndr_return_received' && step.event.chosen;
            expect(step.after.status).toBe(chosen ? 'cancelled' : step.before.status);
          }
        }
      }),
    );
  });

  it('ends in delivered, returned to origin or cancelled once the parcel came back, and stays there', () => {
    fc.assert(
      fc.property(fc.array(ndrEvent, { maxLength: 40 }), (sequence) => {
        const steps = run(sequence);
        const back = steps.findIndex(
          (step) => isNdrReturn(step) && step.before.status === 'returned_to_origin',
        );
        if (back < 0) return;
        for (const step of steps.slice(back)) expect(step.after.status).toBe('cancelled');
      }),
    );
  });
});
