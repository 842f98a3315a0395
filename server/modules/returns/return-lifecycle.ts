import {
  type ReturnAttentionReason,
  type ReturnMessageKind,
  type ReturnResolution,
  type ReturnStatus,
  returnMessages,
} from '../../../contracts/returns';

// The return lifecycle (docs/product.md#returns), a sibling of the order lifecycle with the same discipline:
// every rule that says whether a return may move, and what must happen when it does, lives here. Pure: no
// I/O, so property tests can drive it. Money and stock move only through the effects it returns.

export interface ReturnState {
  status: ReturnStatus;
  resolution: ReturnResolution;
  /** What the return refunds, fixed when it was asked for (return-eligibility.ts). */
  refundPaise: number;
  /** Units on the return, all its lines together. */
  units: number;
  /** The units came back and went into the stock or were written off. */
  stockSettled: boolean;
  /** Refunds asked for so far, failed ones included: the next refund's idempotency key counts on. */
  refundAttempts: number;
}

export type QualityCheck = 'resellable' | 'not_resellable';

export type ReturnEvent =
  /** The shopper's request, once eligibility accepted it (its money and units come from there). */
  | { type: 'request'; resolution: ReturnResolution; refundPaise: number; units: number }
  | { type: 'approve' }
  | { type: 'refuse' }
  /** Refund or replace at once, nothing collected (low-value damage); `stockCovered` for a replacement. */
  | { type: 'approve_without_pickup'; stockCovered: boolean }
  /** Shiprocket accepted the return order and assigned its AWB. */
  | { type: 'pickup_booked' }
  /** The booking was refused, or the courier gave up collecting (return parcel stage `pickup_failed`). */
  | { type: 'pickup_failed' }
  /** Still not picked up N days after booking (a sweep noticed). */
  | { type: 'pickup_overdue' }
  | { type: 'picked_up' }
  /** The courier reports trouble with the parcel: a failed pickup attempt, a refused or undelivered parcel. */
  | { type: 'courier_exception' }
  | { type: 'parcel_lost' }
  /** The owner opened the parcel and checked it. */
  | { type: 'received'; quality: QualityCheck }
  /** Received a day ago and neither refunded nor replaced (a sweep noticed). */
  | { type: 'settlement_overdue' }
  | { type: 'refund_requested' }
  | { type: 'refund_processed' }
  | { type: 'refund_failed' }
  /** The owner sends the replacement; `stockCovered`: the stock (locked by the caller) covers its units. */
  | { type: 'replacement_sent'; stockCovered: boolean }
  /** The owner closes a return whose pickup failed: nothing came back, nothing is paid. */
  | { type: 'close' };

export type ReturnEffect =
  | { type: 'book_pickup' }
  | { type: 'restock_units'; units: number }
  /** The units came back unfit to sell: recorded in the stock movements, the stock not raised. */
  | { type: 'write_off_units'; units: number }
  /** `attempt` makes the refund's idempotency key (`return-{id}-{attempt}`). */
  | { type: 'refund'; amountPaise: number; attempt: number }
  | { type: 'issue_credit_note'; amountPaise: number }
  | { type: 'send_message'; kind: ReturnMessageKind }
  /** A zero-value order of the same units, linked to the original (docs/product.md#returns). */
  | { type: 'create_replacement_order' }
  | { type: 'flag_attention'; reason: ReturnAttentionReason }
  | { type: 'resolve_attention'; reason: ReturnAttentionReason };

export type ReturnRefusal =
  | 'not_requested'
  | 'invalid_request'
  | 'not_awaiting_decision'
  | 'not_approved'
  | 'pickup_booked'
  | 'already_collected'
  | 'not_received'
  | 'refund_not_asked'
  | 'replacement_not_asked'
  | 'out_of_stock'
  | 'only_failed_pickup_closes'
  | 'finished';

/** What the console shows for each refusal (contracts/returns.ts). */
export const returnRefusalMessages: Record<ReturnRefusal, string> = {
  not_requested: returnMessages.notFound,
  invalid_request: returnMessages.noItems,
  not_awaiting_decision: returnMessages.notAwaitingDecision,
  not_approved: returnMessages.notApproved,
  pickup_booked: returnMessages.pickupBooked,
  already_collected: returnMessages.alreadyCollected,
  not_received: returnMessages.notReceived,
  refund_not_asked: returnMessages.refundNotAsked,
  replacement_not_asked: returnMessages.replacementNotAsked,
  out_of_stock: returnMessages.replacementOutOfStock,
  only_failed_pickup_closes: returnMessages.onlyFailedPickupCloses,
  finished: returnMessages.finished,
};

export type ReturnDecision =
  | { outcome: 'applied'; next: ReturnState; effects: ReturnEffect[] }
  | { outcome: 'refused'; reason: ReturnRefusal };

const applied = (next: ReturnState, effects: ReturnEffect[] = []): ReturnDecision => ({
  outcome: 'applied',
  next,
  effects,
});
const refused = (reason: ReturnRefusal): ReturnDecision => ({ outcome: 'refused', reason });
const message = (kind: ReturnMessageKind): ReturnEffect => ({ type: 'send_message', kind });
const flag = (reason: ReturnAttentionReason): ReturnEffect => ({ type: 'flag_attention', reason });
const resolve = (reason: ReturnAttentionReason): ReturnEffect => ({ type: 'resolve_attention', reason });

/** Nothing more happens to these: a refused, refunded, replaced or closed return. */
const FINAL: ReadonlySet<ReturnStatus> = new Set(['refused', 'refunded', 'replacement_shipped', 'closed']);
/** The shop has said yes and the goods are not known to be with the courier. */
const BEFORE_COLLECTION: ReadonlySet<ReturnStatus> = new Set(['approved', 'pickup_booked', 'pickup_failed']);
/** Settled: the money or the replacement is on its way. */
const SETTLING: ReadonlySet<ReturnStatus> = new Set([
  'refund_pending',
  'refund_failed',
  'refunded',
  'replacement_shipped',
]);

/** Whether a refund of this return is with the payment provider or done: never ask for another. */
export function refundOutstanding(state: Pick<ReturnState, 'status'>): boolean {
  return state.status === 'refund_pending' || state.status === 'refunded';
}

function onRequest(
  state: ReturnState | undefined,
  event: Extract<ReturnEvent, { type: 'request' }>,
): ReturnDecision {
  if (state) return applied(state);
  const invalid =
    !Number.isSafeInteger(event.units) ||
    event.units < 1 ||
    !Number.isSafeInteger(event.refundPaise) ||
    event.refundPaise < 0 ||
    (event.resolution === 'refund' && event.refundPaise === 0);
  if (invalid) return refused('invalid_request');
  return applied(
    {
      status: 'requested',
      resolution: event.resolution,
      refundPaise: event.refundPaise,
      units: event.units,
      stockSettled: false,
      refundAttempts: 0,
    },
    [message('return_requested')],
  );
}

function onApprove(state: ReturnState): ReturnDecision {
  if (state.status === 'requested') {
    return applied({ ...state, status: 'approved' }, [{ type: 'book_pickup' }, message('return_approved')]);
  }
  // A new pickup after a failed one.
  if (state.status === 'pickup_failed') {
    return applied({ ...state, status: 'approved' }, [
      { type: 'book_pickup' },
      resolve('return_pickup_failed'),
    ]);
  }
  if (state.status === 'refused') return refused('not_awaiting_decision');
  if (state.status === 'closed') return refused('finished');
  return applied(state);
}

function onRefuse(state: ReturnState): ReturnDecision {
  if (state.status === 'requested')
    return applied({ ...state, status: 'refused' }, [message('return_refused')]);
  if (state.status === 'refused') return applied(state);
  return refused('not_awaiting_decision');
}

function onApproveWithoutPickup(state: ReturnState, stockCovered: boolean): ReturnDecision {
  if (SETTLING.has(state.status) && !state.stockSettled) return applied(state);
  if (state.status === 'refused') return refused('not_awaiting_decision');
  if (state.status === 'closed') return refused('finished');
  if (state.status === 'pickup_booked') return refused('pickup_booked');
  if (state.status !== 'requested' && state.status !== 'approved' && state.status !== 'pickup_failed') {
    return refused('already_collected');
  }
  const cleared: ReturnEffect[] = state.status === 'pickup_failed' ? [resolve('return_pickup_failed')] : [];
  const approval = state.status === 'requested' ? [message('return_approved')] : [];
  if (state.resolution === 'replacement') {
    if (!stockCovered) return refused('out_of_stock');
    return applied({ ...state, status: 'replacement_shipped' }, [
      ...approval,
      ...cleared,
      { type: 'create_replacement_order' },
      message('replacement_shipped'),
    ]);
  }
  return startRefund(state, [...approval, ...cleared]);
}

function startRefund(state: ReturnState, before: ReturnEffect[]): ReturnDecision {
  const attempt = state.refundAttempts + 1;
  return applied({ ...state, status: 'refund_pending', refundAttempts: attempt }, [
    ...before,
    { type: 'refund', amountPaise: state.refundPaise, attempt },
  ]);
}

function onPickupBooked(state: ReturnState): ReturnDecision {
  if (state.status !== 'approved') return applied(state);
  return applied({ ...state, status: 'pickup_booked' }, [message('return_pickup_booked')]);
}

function onPickupFailed(state: ReturnState): ReturnDecision {
  if (state.status !== 'approved' && state.status !== 'pickup_booked') return applied(state);
  return applied({ ...state, status: 'pickup_failed' }, [
    flag('return_pickup_failed'),
    resolve('return_pickup_overdue'),
    resolve('return_courier_exception'),
    message('return_pickup_failed'),
  ]);
}

function onPickedUp(state: ReturnState): ReturnDecision {
  if (!BEFORE_COLLECTION.has(state.status)) return applied(state);
  return applied({ ...state, status: 'picked_up' }, [
    resolve('return_pickup_failed'),
    resolve('return_pickup_overdue'),
    resolve('return_courier_exception'),
    message('return_picked_up'),
  ]);
}

function onParcelLost(state: ReturnState): ReturnDecision {
  if (state.status !== 'pickup_booked' && state.status !== 'picked_up') return applied(state);
  return applied({ ...state, status: 'lost' }, [
    resolve('return_pickup_overdue'),
    resolve('return_courier_exception'),
    flag('return_parcel_lost'),
  ]);
}

function onReceived(state: ReturnState, quality: QualityCheck): ReturnDecision {
  // The first check stands; a return settled without pickup expects nothing back.
  if (state.stockSettled || SETTLING.has(state.status)) return applied(state);
  if (state.status === 'requested' || state.status === 'refused') return refused('not_approved');
  if (state.status === 'closed') return refused('finished');
  const stock: ReturnEffect =
    quality === 'resellable'
      ? { type: 'restock_units', units: state.units }
      : { type: 'write_off_units', units: state.units };
  return applied({ ...state, status: 'received', stockSettled: true }, [
    stock,
    resolve('return_pickup_failed'),
    resolve('return_pickup_overdue'),
    resolve('return_parcel_lost'),
    resolve('return_courier_exception'),
    message('return_received'),
  ]);
}

function onRefundRequested(state: ReturnState): ReturnDecision {
  if (refundOutstanding(state)) return applied(state);
  if (FINAL.has(state.status)) return refused('finished');
  if (state.resolution !== 'refund') return refused('refund_not_asked');
  if (state.status !== 'received' && state.status !== 'lost' && state.status !== 'refund_failed') {
    return refused('not_received');
  }
  return startRefund(state, [resolve('return_settlement_overdue'), resolve('return_parcel_lost')]);
}

function onRefundProcessed(state: ReturnState): ReturnDecision {
  if (state.status !== 'refund_pending' && state.status !== 'refund_failed') return applied(state);
  return applied({ ...state, status: 'refunded' }, [
    { type: 'issue_credit_note', amountPaise: state.refundPaise },
    resolve('return_refund_failed'),
    message('return_refunded'),
  ]);
}

function onReplacementSent(state: ReturnState, stockCovered: boolean): ReturnDecision {
  if (state.status === 'replacement_shipped') return applied(state);
  if (FINAL.has(state.status)) return refused('finished');
  if (state.resolution !== 'replacement') return refused('replacement_not_asked');
  if (state.status !== 'received' && state.status !== 'lost') return refused('not_received');
  if (!stockCovered) return refused('out_of_stock');
  return applied({ ...state, status: 'replacement_shipped' }, [
    { type: 'create_replacement_order' },
    resolve('return_settlement_overdue'),
    resolve('return_parcel_lost'),
    message('replacement_shipped'),
  ]);
}

/** The next state of a return on an event, and what must happen because of it. */
export function decide(state: ReturnState | undefined, event: ReturnEvent): ReturnDecision {
  if (event.type === 'request') return onRequest(state, event);
  if (!state) return refused('not_requested');
  switch (event.type) {
    case 'approve':
      return onApprove(state);
    case 'refuse':
      return onRefuse(state);
    case 'approve_without_pickup':
      return onApproveWithoutPickup(state, event.stockCovered);
    case 'pickup_booked':
      return onPickupBooked(state);
    case 'pickup_failed':
      return onPickupFailed(state);
    case 'pickup_overdue':
      return state.status === 'pickup_booked'
        ? applied(state, [flag('return_pickup_overdue')])
        : applied(state);
    case 'picked_up':
      return onPickedUp(state);
    // docs/product.md#returns-attention: only while the parcel is the courier's; money and stock stay.
    case 'courier_exception':
      return state.status === 'pickup_booked' || state.status === 'picked_up'
        ? applied(state, [flag('return_courier_exception')])
        : applied(state);
    case 'parcel_lost':
      return onParcelLost(state);
    case 'received':
      return onReceived(state, event.quality);
    case 'settlement_overdue':
      return state.status === 'received'
        ? applied(state, [flag('return_settlement_overdue')])
        : applied(state);
    case 'refund_requested':
      return onRefundRequested(state);
    case 'refund_processed':
      return onRefundProcessed(state);
    case 'refund_failed':
      return state.status === 'refund_pending'
        ? applied({ ...state, status: 'refund_failed' }, [flag('return_refund_failed')])
        : applied(state);
    case 'replacement_sent':
      return onReplacementSent(state, event.stockCovered);
    case 'close':
      if (state.status === 'closed') return applied(state);
      if (state.status !== 'pickup_failed') return refused('only_failed_pickup_closes');
      return applied({ ...state, status: 'closed' }, [resolve('return_pickup_failed')]);
  }
}
