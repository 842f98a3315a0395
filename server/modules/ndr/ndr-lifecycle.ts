import type { NdrMessageKind } from '../../../contracts/ndr';
import {
  NDR_MAX_ATTEMPTS,
  NDR_REATTEMPT_DAYS,
  type NdrAction,
  type NdrChoice,
  type NdrDecider,
  type NdrReason,
  type NdrStatus,
  type OrderDeliveryIssue,
} from '../../../contracts/ndr-rules';

// docs/product.md#failed-deliveries: the rules of a parcel's failed deliveries, pure (no I/O) so property tests can
// drive them. `ndr-writer.ts` is the only code that applies them to the `ndr_reports` row.

/** How long the shopper has to choose after a failed attempt, before the owner's default is taken. */
export const NDR_RESPOND_HOURS = 24;

const IST_OFFSET_MS = 330 * 60 * 1000;
const DAY_MS = 86_400_000;

/** The days a re-attempt may be asked for: the next NDR_REATTEMPT_DAYS of India's calendar, from tomorrow. */
export function reattemptDatesOf(now: Date): string[] {
  const today = Math.floor((now.getTime() + IST_OFFSET_MS) / DAY_MS);
  return Array.from({ length: NDR_REATTEMPT_DAYS }, (_, index) =>
    new Date((today + 1 + index) * DAY_MS).toISOString().slice(0, 10),
  );
}

export interface NdrState {
  status: NdrStatus;
  attempts: number;
  respondBy: Date;
  /** The choice made for the latest attempt (or an earlier one, until the next attempt fails). */
  choice: { action: NdrAction; by: NdrDecider; attempt: number } | null;
  /** The attempt whose action reached the courier. */
  sentAttempt: number | null;
  defaultReattempts: number;
}

export type NdrEvent =
  /** The courier reports its `attempts`-th failed attempt (tracking's 21 UNDELIVERED). */
  | { type: 'attempt_failed'; attempts: number; at: Date }
  /** The shopper (link or My Orders) or staff (after a call) chose. */
  | { type: 'chosen'; choice: NdrChoice; by: Exclude<NdrDecider, 'default'>; now: Date }
  /** The deadline sweep: no choice by `respondBy`. */
  | { type: 'deadline_passed'; now: Date }
  /** Shiprocket's NDR list gives the courier's own deadline for an action: an earlier one is ours too. */
  | { type: 'courier_deadline'; at: Date }
  /** Shiprocket accepted the action for `attempt`. */
  | { type: 'action_sent'; attempt: number }
  /** A later attempt delivered the parcel. */
  | { type: 'delivered' }
  /** The parcel is back with us (RTO DELIVERED). */
  | { type: 'returned' };

export type { NdrMessageKind };

export type NdrEffect =
  | { type: 'send_message'; kind: NdrMessageKind }
  /** Tell Shiprocket the choice for this attempt (a job keyed by it: taken once). */
  | { type: 'send_action'; attempt: number; action: NdrAction }
  /** The order ends: the parcel came back after a return was chosen (docs/product.md#failed-deliveries). */
  | { type: 'close_order'; by: NdrDecider };

export type NdrRefusal = 'no_issue' | 'already_chosen' | 'too_late' | 'no_more_attempts' | 'date_not_offered';

export type NdrDecision =
  | { outcome: 'applied'; next: NdrState; effects: NdrEffect[] }
  | { outcome: 'unchanged'; next: NdrState; effects: [] }
  | { outcome: 'refused'; reason: NdrRefusal };

const applied = (next: NdrState, effects: NdrEffect[] = []): NdrDecision => ({
  outcome: 'applied',
  next,
  effects,
});
const unchanged = (state: NdrState): NdrDecision => ({ outcome: 'unchanged', next: state, effects: [] });
const refused = (reason: NdrRefusal): NdrDecision => ({ outcome: 'refused', reason });

export function isClosed(status: NdrStatus): boolean {
  return status === 'delivered' || status === 'returned';
}

/** Whether a shopper may choose now: waiting for a choice, before the deadline. */
export function canChoose(state: Pick<NdrState, 'status' | 'respondBy'>, now: Date): boolean {
  return state.status === 'action_needed' && now.getTime() < state.respondBy.getTime();
}

/** A new failed attempt: a choice is needed again; past the last attempt the courier returns it. */
export function respondByOf(at: Date): Date {
  return new Date(at.getTime() + NDR_RESPOND_HOURS * 3_600_000);
}

function choose(
  state: NdrState,
  action: NdrAction,
  by: NdrDecider,
  extra: Partial<NdrState> = {},
): NdrDecision {
  const next: NdrState = {
    ...state,
    ...extra,
    status: action === 'reattempt' ? 'reattempt_requested' : 'return_requested',
    choice: { action, by, attempt: state.attempts },
  };
  return applied(next, [
    { type: 'send_action', attempt: state.attempts, action },
    { type: 'send_message', kind: action === 'reattempt' ? 'ndr_reattempt' : 'ndr_returning' },
  ]);
}

function onAttemptFailed(state: NdrState, attempts: number, at: Date): NdrDecision {
  if (isClosed(state.status) || attempts <= state.attempts) return unchanged(state);
  // Asked to come back, the parcel is not offered again: a late scan of another attempt changes nothing.
  if (state.status === 'return_requested') return unchanged(state);
  const reported: NdrState = {
    ...state,
    attempts,
    status: 'action_needed',
    respondBy: respondByOf(at),
    choice: null,
  };
  // The courier tries no more: the parcel comes back whatever anyone chooses.
  if (attempts >= NDR_MAX_ATTEMPTS) return choose(reported, 'return', 'default');
  return applied(reported, [{ type: 'send_message', kind: 'ndr_raised' }]);
}

function onChosen(state: NdrState, choice: NdrChoice, by: NdrDecider, now: Date): NdrDecision {
  if (isClosed(state.status)) return refused('no_issue');
  if (state.status !== 'action_needed') return refused('already_chosen');
  // Staff may act for the shopper after the deadline only while the default has not been taken (same status).
  if (by === 'shopper' && now.getTime() >= state.respondBy.getTime()) return refused('too_late');
  if (choice.action === 'reattempt') {
    if (state.attempts >= NDR_MAX_ATTEMPTS) return refused('no_more_attempts');
    if (!reattemptDatesOf(now).includes(choice.date)) return refused('date_not_offered');
  }
  return choose(state, choice.action, by);
}

function onDeadline(state: NdrState, now: Date): NdrDecision {
  if (state.status !== 'action_needed' || now.getTime() < state.respondBy.getTime()) return unchanged(state);
  // docs/product.md#failed-deliveries: the owner's default is one re-attempt, then return.
  if (state.defaultReattempts === 0 && state.attempts < NDR_MAX_ATTEMPTS) {
    return choose(state, 'reattempt', 'default', { defaultReattempts: state.defaultReattempts + 1 });
  }
  return choose(state, 'return', 'default');
}

export function decideNdr(state: NdrState, event: NdrEvent): NdrDecision {
  switch (event.type) {
    case 'attempt_failed':
      return onAttemptFailed(state, event.attempts, event.at);
    case 'chosen':
      return onChosen(state, event.choice, event.by, event.now);
    case 'deadline_passed':
      return onDeadline(state, event.now);
    case 'courier_deadline':
      if (state.status !== 'action_needed' || event.at.getTime() >= state.respondBy.getTime())
        return unchanged(state);
      return applied({ ...state, respondBy: event.at });
    case 'action_sent':
      if (state.sentAttempt !== null && state.sentAttempt >= event.attempt) return unchanged(state);
      return applied({ ...state, sentAttempt: event.attempt });
    case 'delivered':
      if (isClosed(state.status)) return unchanged(state);
      return applied({ ...state, status: 'delivered' });
    case 'returned': {
      if (isClosed(state.status)) return unchanged(state);
      const by = state.choice?.action === 'return' ? state.choice.by : null;
      return applied({ ...state, status: 'returned' }, by === null ? [] : [{ type: 'close_order', by }]);
    }
  }
}

/** docs/product.md#failed-deliveries: the report as an order view (My Orders, the order page, the console) carries it. */
export function deliveryIssueOf(
  row: Pick<NdrState, 'status' | 'attempts' | 'respondBy'> & {
    reason: NdrReason;
    choiceAction: NdrAction | null;
    choiceDate: string | null;
  },
  now: Date,
): OrderDeliveryIssue {
  return {
    status: row.status,
    reason: row.reason,
    attempts: row.attempts,
    maxAttempts: NDR_MAX_ATTEMPTS,
    reattemptDate: row.choiceAction === 'reattempt' ? row.choiceDate : null,
    respondBy: row.respondBy.toISOString(),
    canChoose: canChoose(row, now),
  };
}

/** A new report's state before its first failed attempt is applied. */
export function initialNdrState(): NdrState {
  return {
    status: 'action_needed',
    attempts: 0,
    respondBy: new Date(0),
    choice: null,
    sentAttempt: null,
    defaultReattempts: 0,
  };
}
