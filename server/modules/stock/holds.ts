/**
 * docs/architecture.md#holds: a checkout in progress (an order pending payment) holds its units this long. The
 * same window lets a second PLACE ORDER click reuse the pending order.
 */
export const CHECKOUT_HOLD_MS = 30 * 60 * 1000;

/** The oldest creation time of a pending order that may still be reused. */
export function holdCutoff(now = Date.now()): Date {
  return new Date(now - CHECKOUT_HOLD_MS);
}
