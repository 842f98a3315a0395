import { shareInProportion } from '../../../contracts/allocation';
import type { ReturnReason, ReturnSettings } from '../../../contracts/returns';

// docs/product.md#returns: what a return refunds is what was actually paid for its units, in paise. Pure.

/** An order line as the return rules read it. */
export interface PaidLine {
  lineId: string;
  title: string;
  quantity: number;
  /** A unit's price after the product's own discount. */
  unitPricePaise: number;
  /**
   * The line's part of the order-level discounts: the discount code's share stored with it (`coupon_share_paise`)
   * and the prepaid offer's (`prepaid_share_paise`).
   */
  orderDiscountSharePaise: number;
}

/** Units of one line on one return, and what was paid for them. */
export interface ReturnedUnits {
  lineId: string;
  units: number;
  /** What was paid for these units: their part of the line's price after every discount. */
  paidPaise: number;
}

/** The lines' parts of an order-level discount, by the one split of docs/product.md#money (each line's value its weight). */
export function orderDiscountShares(
  discountPaise: number,
  lines: readonly Pick<PaidLine, 'quantity' | 'unitPricePaise'>[],
): number[] {
  return shareInProportion(
    discountPaise,
    lines.map((line) => line.unitPricePaise * line.quantity),
  );
}

/** What was paid for the whole line. */
export function paidForLinePaise(line: PaidLine): number {
  return line.unitPricePaise * line.quantity - line.orderDiscountSharePaise;
}

/**
 * What was paid for the first `units` units of a line: the line's discount share is spread over its units by
 * flooring, and the last unit takes what is left, so the first n units of n cost exactly the line.
 */
function paidForFirstUnitsPaise(line: PaidLine, units: number): number {
  const share =
    units >= line.quantity
      ? line.orderDiscountSharePaise
      : Math.floor((line.orderDiscountSharePaise * units) / line.quantity);
  return line.unitPricePaise * units - share;
}

/**
 * What `units` more units of a line are worth when `earlier` units of it are already on returns that count,
 * holding `earlierPaidPaise` between them: the line's paid price up to the new total, less what those returns
 * hold. All the returns of a line together never hold more than was paid for the line.
 */
export function paidForMoreUnitsPaise(
  line: PaidLine,
  earlier: { units: number; paidPaise: number },
  units: number,
): number {
  const total = Math.min(line.quantity, earlier.units + units);
  return Math.max(0, paidForFirstUnitsPaise(line, total) - earlier.paidPaise);
}

/** A changed-my-mind refund may pay for the return shipping (docs/product.md#returns), never below nothing. */
export function returnShippingDeductionPaise(
  reason: ReturnReason,
  paidPaise: number,
  settings: Pick<ReturnSettings, 'changedMindDeductionPaise'>,
): number {
  if (reason !== 'changed_my_mind') return 0;
  return Math.min(Math.max(0, settings.changedMindDeductionPaise), paidPaise);
}
