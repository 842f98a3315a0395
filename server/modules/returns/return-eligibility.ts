import { fromIndiaWallClock, inIndia } from '../../../contracts/format';
import type { OrderStatus } from '../../../contracts/order-status';
import {
  MAX_RETURN_NOTE_LENGTH,
  MAX_RETURN_PHOTOS,
  PHOTO_REQUIRED_REASONS,
  REPLACEMENT_REASONS,
  type ReturnReason,
  type ReturnResolution,
  type ReturnSettings,
  type ReturnStatus,
  returnMessages,
} from '../../../contracts/returns';
import {
  type PaidLine,
  paidForMoreUnitsPaise,
  type ReturnedUnits,
  returnShippingDeductionPaise,
} from './return-amounts';

// docs/product.md#returns: who may return what, and when. Pure: the flows pass the order, its earlier returns,
// the settings and the time.

export interface ReturnableOrder {
  status: OrderStatus;
  /** When the courier delivered it; null before. */
  deliveredAt: Date | null;
  lines: PaidLine[];
}

/** A return already asked for on the order: its status and its units. */
export interface EarlierReturn {
  status: ReturnStatus;
  lines: ReturnedUnits[];
}

export interface ReturnRequest {
  lines: { lineId: string; units: number }[];
  reason: ReturnReason | undefined;
  resolution: ReturnResolution;
  /** How many photos came with it. */
  photos: number;
  note?: string;
}

export type Refusal = { ok: false; message: string };

// A refused return never took its units; one closed after a failed pickup gave them back.
const RELEASED: ReadonlySet<ReturnStatus> = new Set(['refused', 'closed']);

/** Whether a return holds its units: every return but a refused one and one closed after a failed pickup. */
export function holdsItsUnits(status: ReturnStatus): boolean {
  return !RELEASED.has(status);
}

/**
 * The instant the return window closes: the end of the `windowDays`-th day after the day of delivery, in
 * India (delivered on 1 July at any hour, a 7-day window runs to the end of 8 July).
 */
export function returnWindowClosesAt(deliveredAt: Date, windowDays: number): Date {
  const india = inIndia(deliveredAt);
  return fromIndiaWallClock(
    Date.UTC(india.getUTCFullYear(), india.getUTCMonth(), india.getUTCDate() + windowDays + 1),
  );
}

/** The window's last day as the shopper reads it: "8 July 2024". */
export function lastReturnDay(deliveredAt: Date, windowDays: number): string {
  const lastMoment = new Date(returnWindowClosesAt(deliveredAt, windowDays).getTime() - 1);
  return lastMoment.toLocaleDateString('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** What each line's earlier returns that hold their units hold: units and what was paid for them. */
export function heldByEarlierReturns(
  earlier: readonly EarlierReturn[],
): Map<string, { units: number; paidPaise: number }> {
  const held = new Map<string, { units: number; paidPaise: number }>();
  for (const previous of earlier) {
    if (!holdsItsUnits(previous.status)) continue;
    for (const line of previous.lines) {
      const sum = held.get(line.lineId) ?? { units: 0, paidPaise: 0 };
      held.set(line.lineId, { units: sum.units + line.units, paidPaise: sum.paidPaise + line.paidPaise });
    }
  }
  return held;
}

/** Units of each line the shopper may still return (lines with none left are left out). */
export function returnableUnits(order: ReturnableOrder, earlier: readonly EarlierReturn[]) {
  const held = heldByEarlierReturns(earlier);
  return order.lines
    .map((line) => ({ lineId: line.lineId, units: line.quantity - (held.get(line.lineId)?.units ?? 0) }))
    .filter((line) => line.units > 0);
}

export type ReturnOffer =
  | { offered: true; closesAt: Date; returnable: { lineId: string; units: number }[] }
  | { offered: false; message: string };

/** Whether the order shows "Return or replace" now, and if not, the text shown in its place. */
export function returnOffer(
  order: ReturnableOrder,
  earlier: readonly EarlierReturn[],
  settings: Pick<ReturnSettings, 'windowDays'>,
  now: Date,
): ReturnOffer {
  if (order.status === 'cancelled') return { offered: false, message: returnMessages.orderCancelled };
  if (order.status !== 'delivered' || !order.deliveredAt) {
    return { offered: false, message: returnMessages.notDelivered };
  }
  const closesAt = returnWindowClosesAt(order.deliveredAt, settings.windowDays);
  if (now.getTime() >= closesAt.getTime()) {
    const lastDay = lastReturnDay(order.deliveredAt, settings.windowDays);
    return { offered: false, message: returnMessages.windowClosed(lastDay, settings.windowDays) };
  }
  const returnable = returnableUnits(order, earlier);
  if (returnable.length === 0) return { offered: false, message: returnMessages.allReturned };
  return { offered: true, closesAt, returnable };
}

export interface AcceptedReturnRequest {
  ok: true;
  lines: ReturnedUnits[];
  units: number;
  /** What was paid for the returned units. */
  paidPaise: number;
  /** Taken off a changed-my-mind refund for the return shipping. */
  deductionPaise: number;
  /** What the return refunds, if it is refunded: paid less the deduction. */
  refundPaise: number;
}

function checkDetails(request: ReturnRequest, settings: ReturnSettings): Refusal | ReturnReason {
  const { reason } = request;
  if (!reason) return { ok: false, message: returnMessages.reasonRequired };
  if (reason === 'changed_my_mind' && !settings.changedMindAccepted) {
    return { ok: false, message: returnMessages.changedMindNotAccepted };
  }
  if (request.resolution === 'replacement' && !REPLACEMENT_REASONS.has(reason)) {
    return { ok: false, message: returnMessages.replacementNotOffered };
  }
  if (request.photos > MAX_RETURN_PHOTOS) return { ok: false, message: returnMessages.tooManyPhotos };
  if (PHOTO_REQUIRED_REASONS.has(reason) && request.photos < 1) {
    return { ok: false, message: returnMessages.photosRequired };
  }
  if ((request.note ?? '').length > MAX_RETURN_NOTE_LENGTH) {
    return { ok: false, message: returnMessages.noteTooLong };
  }
  return reason;
}

function checkLines(
  order: ReturnableOrder,
  earlier: readonly EarlierReturn[],
  request: ReturnRequest,
): Refusal | ReturnedUnits[] {
  const chosen = request.lines.filter((line) => line.units !== 0);
  if (chosen.length === 0) return { ok: false, message: returnMessages.noItems };
  const held = heldByEarlierReturns(earlier);
  const seen = new Set<string>();
  const lines: ReturnedUnits[] = [];
  for (const wanted of chosen) {
    const line = order.lines.find((candidate) => candidate.lineId === wanted.lineId);
    if (!line || seen.has(wanted.lineId)) return { ok: false, message: returnMessages.unknownItem };
    seen.add(wanted.lineId);
    const before = held.get(line.lineId) ?? { units: 0, paidPaise: 0 };
    const left = line.quantity - before.units;
    if (left <= 0) return { ok: false, message: returnMessages.alreadyReturned(line.title) };
    if (!Number.isSafeInteger(wanted.units) || wanted.units < 1 || wanted.units > left) {
      return { ok: false, message: returnMessages.tooManyUnits(line.title, left) };
    }
    lines.push({
      lineId: line.lineId,
      units: wanted.units,
      paidPaise: paidForMoreUnitsPaise(line, before, wanted.units),
    });
  }
  return lines;
}

/**
 * Checks a shopper's return request against the order, its earlier returns and the settings; on success,
 * the units and the money it is worth. A refusal carries the exact message (contracts/returns.ts).
 */
export function checkReturnRequest(
  order: ReturnableOrder,
  earlier: readonly EarlierReturn[],
  request: ReturnRequest,
  settings: ReturnSettings,
  now: Date,
): AcceptedReturnRequest | Refusal {
  const offer = returnOffer(order, earlier, settings, now);
  if (!offer.offered) return { ok: false, message: offer.message };
  const lines = checkLines(order, earlier, request);
  if (!Array.isArray(lines)) return lines;
  const reason = checkDetails(request, settings);
  if (typeof reason !== 'string') return reason;
  const paidPaise = lines.reduce((sum, line) => sum + line.paidPaise, 0);
  const deductionPaise = returnShippingDeductionPaise(reason, paidPaise, settings);
  const refundPaise = paidPaise - deductionPaise;
  if (request.resolution === 'refund' && paidPaise === 0) {
    return { ok: false, message: returnMessages.nothingToRefund };
  }
  if (request.resolution === 'refund' && refundPaise <= 0) {
    return { ok: false, message: returnMessages.deductionTakesAll };
  }
  return {
    ok: true,
    lines,
    units: lines.reduce((sum, line) => sum + line.units, 0),
    paidPaise,
    deductionPaise,
    refundPaise,
  };
}
