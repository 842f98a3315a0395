import type { OrderStatus } from '../../../contracts/order-status';
import { type ReviewRefusal, reviewRefusalMessages } from '../../../contracts/review-rules';

// docs/product.md#review-eligibility: who may review a product. Pure: the records pass the shopper's lines of the
// product (every order of theirs, or the one order of a review link) with what was returned of them.

/** One line of the product in one of the shopper's orders. */
export interface BoughtLine {
  orderId: string;
  orderStatus: OrderStatus;
  quantity: number;
  /** Units of the line on returns for a refund that hold their units (not refused, not closed). */
  refundReturnedUnits: number;
}

export type ReviewEligibility =
  | { ok: true; orderId: string }
  | { ok: false; refusal: ReviewRefusal; message: string };

// A checkout not paid (or a COD order not confirmed) and a cancelled order bought nothing.
const NOT_BOUGHT: ReadonlySet<OrderStatus> = new Set(['pending', 'cancelled']);

/** Whether the line's order was placed and stands: the shopper bought it, delivered or not. */
export function wasBought(line: Pick<BoughtLine, 'orderStatus'>): boolean {
  return !NOT_BOUGHT.has(line.orderStatus);
}

const refused = (refusal: ReviewRefusal): ReviewEligibility => ({
  ok: false,
  refusal,
  message: reviewRefusalMessages[refusal],
});

/** Whether some unit of the line is still the shopper's: not all of them returned for a refund. */
export function keptUnits(line: Pick<BoughtLine, 'quantity' | 'refundReturnedUnits'>): number {
  return Math.max(0, line.quantity - line.refundReturnedUnits);
}

/**
 * A shopper may review a product when one of their orders with it was delivered and that line was not all
 * returned for a refund. The refusal names the furthest the shopper got: delivered but refunded, bought but not
 * delivered yet, or not bought. The review is tied to the first delivered order that kept a unit.
 */
export function reviewEligibility(lines: readonly BoughtLine[]): ReviewEligibility {
  const placed = lines.filter(wasBought);
  if (placed.length === 0) return refused('not_bought');
  const delivered = placed.filter((line) => line.orderStatus === 'delivered');
  if (delivered.length === 0) return refused('not_delivered');
  const kept = delivered.find((line) => keptUnits(line) > 0);
  if (!kept) return refused('refunded');
  return { ok: true, orderId: kept.orderId };
}

/**
 * docs/product.md#review-requests: an order whose every unit is returned for a refund is not asked for a review.
 */
export function returnedEverything(lines: readonly Pick<BoughtLine, 'quantity' | 'refundReturnedUnits'>[]) {
  return lines.every((line) => keptUnits(line) === 0);
}
